import type { HistoryPage, Transaction, TransactionTransfer } from '@latch/core/wire'
import type { Db } from '../../db/types.js'
import { HttpError } from '../../http/errors.js'
import { type CursorCodec, type CursorScope, InvalidCursorError } from '../shared/cursor.js'
import { spell } from './address.js'
import { accountExtrinsics, type IndexedExtrinsic, type Position } from './store.js'

/**
 * One page of an account's indexed history, newest first (block, then extrinsic index,
 * descending). The cursor is the last extrinsic shown, sealed by the shared codec for this
 * account and chain: the next page starts strictly below it, so a block indexed between pages
 * lands above where paging stands and no page repeats or skips an extrinsic.
 */

const VERSION = 'd1'
const FIELD = /^(0|[1-9][0-9]{0,14})$/

export function encodeCursor(codec: CursorCodec, scope: CursorScope, p: Position): string {
  return codec.seal(scope, `${VERSION}:${p.block}:${p.index}`)
}

export function decodeCursor(codec: CursorCodec, scope: CursorScope, cursor: string): Position {
  const parts = codec.open(scope, cursor).split(':')
  if (parts.length !== 3 || parts[0] !== VERSION) throw new InvalidCursorError()
  if (!FIELD.test(parts[1] as string) || !FIELD.test(parts[2] as string))
    throw new InvalidCursorError()
  return { block: Number(parts[1]), index: Number(parts[2]) }
}

/** A planck amount in whole units, without trailing zeros ("1.5", "0.000001", "3"). */
export function units(planck: string | bigint, decimals: number): string {
  const value = BigInt(planck)
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

export interface TokenInfo {
  symbol: string
  decimals: number
  ss58Prefix: number
}

/** The history wire's row (docs/behaviour.md#history-wire-format) for one viewer. */
export function toPolkadotWireTransaction(
  ext: IndexedExtrinsic,
  viewer: string,
  chain: string,
  token: TokenInfo,
): Transaction {
  const coin = { name: token.symbol, symbol: token.symbol }
  const transfers: TransactionTransfer[] = []
  let sent = false
  let received = false
  for (const t of ext.transfers) {
    const out = t.fromAccount === viewer
    const into = t.toAccount === viewer
    if (!out && !into) continue
    sent ||= out && !into
    received ||= into && !out
    transfers.push({
      fungible_info: coin,
      direction: out && into ? 'self' : out ? 'out' : 'in',
      quantity: { numeric: units(t.amount, token.decimals) },
    })
  }
  const signedByViewer = ext.signer === viewer
  if (signedByViewer && ext.fee !== null && BigInt(ext.fee) > 0n)
    // The fee's own line: a client summing the lines gets the account's real balance change.
    transfers.push({
      fungible_info: { name: 'Network fee', symbol: token.symbol },
      direction: 'out',
      quantity: { numeric: units(ext.fee, token.decimals) },
    })
  const mine = ext.transfers.find((t) => t.fromAccount === viewer || t.toAccount === viewer)
  const from = mine?.fromAccount ?? ext.signer ?? viewer
  const to = mine?.toAccount ?? ext.dest ?? ext.signer ?? viewer
  const isTransferCall = ext.call.startsWith('balances.transfer')
  return {
    id: `${chain}:${ext.blockNumber}-${ext.extrinsicIndex}`,
    metadata: {
      operationType:
        received && !sent
          ? 'receive'
          : sent || (signedByViewer && isTransferCall)
            ? 'send'
            : 'execute',
      hash: ext.hash,
      minedAt: new Date(ext.minedAt).toISOString(),
      sentFrom: spell(from, token.ss58Prefix),
      sentTo: spell(to, token.ss58Prefix),
      status: ext.success ? 'confirmed' : 'failed',
      // The signer's account nonce; an unsigned extrinsic has none: its block number instead.
      nonce: ext.nonce ?? ext.blockNumber,
      chain,
    },
    transfers,
  }
}

export interface PolkadotHistoryInput {
  db: Db
  codec: CursorCodec
  chain: string
  /** The viewer's account id (hex). */
  account: string
  token: TokenInfo
  cursor: string | undefined
  limit: number
}

export async function polkadotHistoryPage(input: PolkadotHistoryInput): Promise<HistoryPage> {
  const scope: CursorScope = { address: input.account, chainId: input.chain }
  let before: Position | null = null
  if (input.cursor !== undefined && input.cursor !== '') {
    try {
      before = decodeCursor(input.codec, scope, input.cursor)
    } catch (error) {
      if (error instanceof InvalidCursorError)
        throw new HttpError(400, 'INVALID_CURSOR', error.message)
      throw error
    }
  }
  // One more than shown tells whether a next page exists.
  const rows = await accountExtrinsics(
    input.db,
    input.chain,
    input.account,
    before,
    input.limit + 1,
  )
  const shown = rows.slice(0, input.limit)
  const last = shown.at(-1)
  return {
    data: shown.map((ext) =>
      toPolkadotWireTransaction(ext, input.account, input.chain, input.token),
    ),
    next:
      rows.length > input.limit && last
        ? encodeCursor(input.codec, scope, { block: last.blockNumber, index: last.extrinsicIndex })
        : null,
  }
}
