import type { Transaction, TransactionStatus, TransactionTransfer } from '../transactions/types.js'
import { truncateAddress } from './address.js'
import { formatQuantity } from './quantity.js'

/** English past tenses of the history's operation types; a locale names them in its own catalogue. */
export const operationTitles: Record<string, string> = {
  approve: 'Approved',
  borrow: 'Borrowed',
  burn: 'Burnt',
  cancel: 'Canceled',
  claim: 'Claimed',
  deploy: 'Deployed',
  deposit: 'Deposited',
  execute: 'Executed',
  mint: 'Minted',
  receive: 'Received',
  repay: 'Repaid',
  send: 'Sent',
  stake: 'Staked',
  trade: 'Swapped',
  unstake: 'Unstaked',
  withdraw: 'Withdrawn',
}

const plusTypes = new Set(['receive', 'deposit', 'borrow', 'claim'])
const minusTypes = new Set(['withdraw', 'repay', 'burn'])

export function transactionTitle(operationType: string): string {
  return (
    operationTitles[operationType] ?? operationType.charAt(0).toUpperCase() + operationType.slice(1)
  )
}

export function amountSign(operationType: string): '+' | '-' | '' {
  if (plusTypes.has(operationType)) return '+'
  if (minusTypes.has(operationType)) return '-'
  return ''
}

function describeTransfer(transfer: TransactionTransfer, sign: string): string {
  if (transfer.nft_info) return transfer.nft_info.name ?? 'NFT'
  const symbol = transfer.fungible_info?.symbol ?? ''
  return `${sign}${formatQuantity(transfer.quantity.numeric)}${symbol ? ` ${symbol}` : ''}`
}

export interface TransactionImage {
  kind: 'token' | 'nft'
  url: string | undefined
  /** What to draw when there is no image, or it fails to load. */
  fallback: string
}

export interface TransactionRow {
  id: string
  title: string
  /** One entry, or two for a swap: shown 'out → in'. */
  descriptions: string[]
  status: TransactionStatus
  images: TransactionImage[]
  minedAt: string
  chain: string
  hash: string
}

function imageOf(transfer: TransactionTransfer): TransactionImage {
  if (transfer.nft_info)
    return {
      kind: 'nft',
      url: transfer.nft_info.content?.preview?.url,
      fallback: transfer.nft_info.name?.slice(0, 1) ?? 'N',
    }
  const symbol = transfer.fungible_info?.symbol ?? '?'
  return { kind: 'token', url: transfer.fungible_info?.icon?.url, fallback: symbol.slice(0, 1) }
}

/** Everything a history row shows, derived from the wire format (docs/behaviour.md#limits signs, 3 decimals). */
export function presentTransaction(transaction: Transaction): TransactionRow {
  const { metadata } = transaction
  const transfers = transaction.transfers ?? []
  const sign = amountSign(metadata.operationType)
  let shown: TransactionTransfer[] = transfers
  if (metadata.operationType === 'trade') {
    const out = transfers.find((t) => t.direction === 'out')
    const inn = transfers.find((t) => t.direction === 'in')
    shown = [out, inn].filter((t): t is TransactionTransfer => t !== undefined)
  } else if (transfers.length > 1) {
    // A mixed transaction shows its real token first: spam must not be the headline.
    shown = [...transfers]
      .sort(
        (a, b) =>
          Number(a.nft_info?.flags.is_spam ?? false) - Number(b.nft_info?.flags.is_spam ?? false),
      )
      .slice(0, 1)
  }
  const descriptions = shown.length
    ? shown.map((t) => describeTransfer(t, metadata.operationType === 'trade' ? '' : sign))
    : [truncateAddress(metadata.operationType === 'receive' ? metadata.sentFrom : metadata.sentTo)]
  return {
    id: transaction.id,
    title: transactionTitle(metadata.operationType),
    descriptions,
    status: metadata.status,
    images: shown.map(imageOf),
    minedAt: metadata.minedAt,
    chain: metadata.chain,
    hash: metadata.hash,
  }
}
