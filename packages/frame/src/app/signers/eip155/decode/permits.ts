import { formatDecimal, t } from '../../../i18n/index.js'
import {
  address,
  amountWithToken,
  bigint,
  date,
  isUnlimited,
  type TokenBook,
  tokenName,
} from './format.js'
import type { ParsedTypedData } from './typedData.js'

/** A recognised approval-like signature, described in words. */
export interface Recognised {
  standard: string
  /** Addresses that would gain the right to move the user's assets. */
  spenders: string[]
  /** Token contracts whose symbol and decimals make the sentences readable. */
  tokens: string[]
  unlimited: boolean
  /** Standard-specific dangers in plain words. */
  warnings?: string[]
  sentences(tokens?: TokenBook): string[]
}

type Obj = Record<string, unknown>
const obj = (value: unknown) => (value ?? {}) as Obj
const names = (data: ParsedTypedData, type: string) =>
  (data.types[type] ?? [])
    .map((f) => f.name)
    .sort()
    .join(',')

const allow = (spender: unknown, value: bigint, token: string, until: bigint, tokens?: TokenBook) =>
  t('permit.allow', {
    spender: address(spender),
    amount: amountWithToken(value, token, tokens),
    date: date(until),
  })

function erc2612(data: ParsedTypedData): Recognised | undefined {
  if (names(data, data.primaryType) !== 'deadline,nonce,owner,spender,value') return undefined
  const m = data.message
  const token = address(data.domain.verifyingContract ?? '')
  const value = bigint(m.value)
  return {
    standard: t('permit.erc2612'),
    spenders: [address(m.spender)],
    tokens: [token],
    unlimited: isUnlimited(value),
    sentences: (tokens) => [allow(m.spender, value, token, bigint(m.deadline), tokens)],
  }
}

function daiPermit(data: ParsedTypedData): Recognised | undefined {
  if (names(data, data.primaryType) !== 'allowed,expiry,holder,nonce,spender') return undefined
  const m = data.message
  const token = address(data.domain.verifyingContract ?? '')
  const allowed = m.allowed === true
  return {
    standard: t('permit.dai'),
    spenders: [address(m.spender)],
    tokens: [token],
    unlimited: allowed,
    sentences: (tokens) =>
      allowed
        ? [allow(m.spender, 2n ** 256n - 1n, token, bigint(m.expiry), tokens)]
        : [t('permit.revoke', { spender: address(m.spender), token: tokenName(token, tokens) })],
  }
}

function permit2Single(data: ParsedTypedData): Recognised | undefined {
  const key = names(data, data.primaryType)
  if (key !== 'details,sigDeadline,spender') return undefined
  const m = data.message
  const batch = Array.isArray(m.details)
  const details = (batch ? (m.details as Obj[]) : [obj(m.details)]).map((d) => ({
    token: address(d.token),
    amount: bigint(d.amount),
    expiration: bigint(d.expiration),
  }))
  return {
    standard: batch ? t('permit.permit2Batch') : t('permit.permit2'),
    spenders: [address(m.spender)],
    tokens: details.map((d) => d.token),
    unlimited: details.some((d) => isUnlimited(d.amount)),
    sentences: (tokens) =>
      details.map((d) => allow(m.spender, d.amount, d.token, d.expiration, tokens)),
  }
}

function permit2Transfer(data: ParsedTypedData): Recognised | undefined {
  const key = names(data, data.primaryType)
  if (!key.startsWith('deadline,nonce,permitted,spender')) return undefined
  const m = data.message
  const permitted = Array.isArray(m.permitted) ? (m.permitted as Obj[]) : [obj(m.permitted)]
  const items = permitted.map((p) => ({ token: address(p.token), amount: bigint(p.amount) }))
  const witness = key !== 'deadline,nonce,permitted,spender'
  return {
    standard: witness ? t('permit.permit2TransferWitness') : t('permit.permit2Transfer'),
    spenders: [address(m.spender)],
    tokens: items.map((i) => i.token),
    unlimited: items.some((i) => isUnlimited(i.amount)),
    sentences: (tokens) =>
      items.map((i) =>
        t('permit.transferOnce', {
          spender: address(m.spender),
          amount: amountWithToken(i.amount, i.token, tokens),
          date: date(bigint(m.deadline)),
        }),
      ),
  }
}

const itemTypes = (kind: number): string | undefined =>
  ['ETH', 'ERC-20', 'NFT', 'ERC-1155', t('seaport.nftAny'), t('seaport.erc1155Any')][kind]

function seaportItem(item: Obj, tokens?: TokenBook): string {
  const kind = Number(bigint(item.itemType))
  const start = bigint(item.startAmount)
  const end = bigint(item.endAmount)
  const n = (value: bigint) => formatDecimal(value.toString())
  const range = start === end ? n(start) : t('seaport.range', { start: n(start), end: n(end) })
  if (kind === 0) return t('seaport.native', { range })
  if (kind === 1) {
    const a = amountWithToken(start, String(item.token), tokens)
    return start === end
      ? a
      : t('seaport.rising', { start: a, end: amountWithToken(end, String(item.token), tokens) })
  }
  const id =
    kind >= 4
      ? t('seaport.anyItem')
      : t('seaport.item', { id: String(bigint(item.identifierOrCriteria)) })
  return t('seaport.items', {
    range,
    kind: itemTypes(kind) ?? t('seaport.itemKind'),
    id,
    token: address(item.token),
  })
}

function seaport(data: ParsedTypedData): Recognised | undefined {
  if (data.primaryType !== 'OrderComponents' || !data.types.OfferItem) return undefined
  const m = data.message
  const offerer = address(m.offerer).toLowerCase()
  const offer = (m.offer as Obj[]) ?? []
  const consideration = (m.consideration as Obj[]) ?? []
  const mine = consideration.filter((c) => address(c.recipient).toLowerCase() === offerer)
  const others = consideration.filter((c) => address(c.recipient).toLowerCase() !== offerer)
  const erc20 = [...offer, ...consideration]
    .filter((i) => Number(bigint(i.itemType)) === 1)
    .map((i) => address(i.token))
  return {
    standard: t('seaport.standard'),
    spenders: [address(data.domain.verifyingContract ?? '')],
    tokens: [...new Set(erc20)],
    unlimited: false,
    warnings: offer.length && !mine.length ? [t('seaport.givesAway')] : [],
    sentences: (tokens) => [
      t('seaport.listing', { from: date(bigint(m.startTime)), until: date(bigint(m.endTime)) }),
      ...offer.map((i) => t('seaport.give', { item: seaportItem(i, tokens) })),
      ...(mine.length
        ? mine.map((i) => t('seaport.receive', { item: seaportItem(i, tokens) }))
        : [t('seaport.receiveNothing')]),
      ...others.map((i) =>
        t('seaport.otherReceives', {
          address: address(i.recipient),
          item: seaportItem(i, tokens),
        }),
      ),
    ],
  }
}

/** Recognises the approval-like signatures users are tricked into most, or returns undefined. */
export function recognise(data: ParsedTypedData): Recognised | undefined {
  for (const match of [erc2612, daiPermit, permit2Single, permit2Transfer, seaport]) {
    const found = match(data)
    if (found) return found
  }
  return undefined
}
