import type { HistoryPage } from '@latch/core/wire'
import { HttpError } from '../../http/errors.js'
import { type CursorCodec, type CursorScope, InvalidCursorError } from '../shared/cursor.js'
import { toBitcoinWireTransaction } from './classify.js'
import { type EsploraClient, EsploraRefusedError, type EsploraTx } from './esplora.js'
import type { ParsedAddress } from './networks.js'

/**
 * One page of an address's history read from Esplora, newest first: its pending (mempool)
 * transactions, then its confirmed ones as Esplora orders them (block height, newest first).
 * Nothing is stored; the cursor carries where the next page resumes (docs/bitcoin-server.md):
 *  - `p`: pending transactions of the first page not shown yet (by txid), and the anchor, the
 *    newest confirmed txid when paging began;
 *  - `a`: the confirmed history from the anchor on, the anchor included;
 *  - `c`: the confirmed history after the last txid shown (Esplora's `/txs/chain/:last_seen`).
 * A transaction that arrives (or confirms) between pages is newer than the anchor, so it lands
 * above where paging stands: no page repeats one or skips one.
 */

const VERSION = 'b1'
/**
 * Pending transactions a cursor carries (Esplora lists at most 50 of an address's): 60 packed
 * txids keep a cursor under the codec's 4,000 characters. Past them, the rest are not listed.
 */
export const MAX_PENDING_IN_CURSOR = 60
const TXID = /^[0-9a-f]{64}$/

type Position =
  | { phase: 'p'; pending: string[]; anchor: string | null }
  | { phase: 'a'; anchor: string }
  | { phase: 'c'; last: string }

const packTxid = (txid: string) => Buffer.from(txid, 'hex').toString('base64url')
function unpackTxid(packed: string): string {
  const txid = Buffer.from(packed, 'base64url').toString('hex')
  if (!TXID.test(txid) || packTxid(txid) !== packed) throw new InvalidCursorError()
  return txid
}

export function encodePosition(codec: CursorCodec, scope: CursorScope, position: Position): string {
  const body =
    position.phase === 'p'
      ? [
          VERSION,
          'p',
          position.anchor ? packTxid(position.anchor) : '-',
          position.pending.map(packTxid).join('~'),
        ]
      : [
          VERSION,
          position.phase,
          packTxid(position.phase === 'a' ? position.anchor : position.last),
        ]
  return codec.seal(scope, body.join(':'))
}

export function decodePosition(codec: CursorCodec, scope: CursorScope, cursor: string): Position {
  const parts = codec.open(scope, cursor).split(':')
  if (parts[0] !== VERSION) throw new InvalidCursorError()
  if (parts[1] === 'p' && parts.length === 4) {
    const pending = (parts[3] as string).split('~').map(unpackTxid)
    return { phase: 'p', pending, anchor: parts[2] === '-' ? null : unpackTxid(parts[2] as string) }
  }
  if ((parts[1] === 'a' || parts[1] === 'c') && parts.length === 3) {
    const txid = unpackTxid(parts[2] as string)
    return parts[1] === 'a' ? { phase: 'a', anchor: txid } : { phase: 'c', last: txid }
  }
  throw new InvalidCursorError()
}

export interface BitcoinHistoryInput {
  client: EsploraClient
  codec: CursorCodec
  viewer: ParsedAddress
  cursor: string | undefined
  limit: number
  now: Date
}

export async function bitcoinHistoryPage(input: BitcoinHistoryInput): Promise<HistoryPage> {
  const { client, codec, viewer, limit } = input
  const scope: CursorScope = { address: viewer.address, chainId: client.chain }
  let position: Position | undefined
  if (input.cursor !== undefined && input.cursor !== '') {
    try {
      position = decodePosition(codec, scope, input.cursor)
    } catch (error) {
      if (error instanceof InvalidCursorError)
        throw new HttpError(400, 'INVALID_CURSOR', error.message)
      throw error
    }
  }
  const base = `/address/${viewer.address}`
  const shown: EsploraTx[] = []
  const page = (next: Position | null): HistoryPage => ({
    data: shown.map((tx) => toBitcoinWireTransaction(tx, viewer, client.chain, input.now)),
    next: next ? encodePosition(codec, scope, next) : null,
  })

  // Where the confirmed part starts: transactions in hand (the first page's), then after `last`.
  let inHand: EsploraTx[] = []
  let last: string | null = null
  if (!position) {
    // One snapshot of both: mempool (newest first), then the newest confirmed (Esplora's /txs).
    const first = await client.json<EsploraTx[]>(`${base}/txs`)
    const pending = first.filter((tx) => !tx.status.confirmed)
    inHand = first.filter((tx) => tx.status.confirmed)
    const anchor = inHand[0]?.txid ?? null
    shown.push(...pending.slice(0, limit))
    if (pending.length > limit)
      return page({
        phase: 'p',
        pending: pending.slice(limit, limit + MAX_PENDING_IN_CURSOR).map((tx) => tx.txid),
        anchor,
      })
    if (!anchor) return page(null)
  } else if (position.phase === 'p') {
    // Still the pending part of the first snapshot: each read again, as it stands now (it may
    // have confirmed since); one that left the mempool unconfirmed (replaced) is gone.
    const take = position.pending.slice(0, limit)
    for (const txid of take) {
      try {
        shown.push(await client.json<EsploraTx>(`/tx/${txid}`))
      } catch (error) {
        if (!(error instanceof EsploraRefusedError && error.status === 404)) throw error
      }
    }
    const rest = position.pending.slice(limit)
    if (rest.length > 0) return page({ phase: 'p', pending: rest, anchor: position.anchor })
    if (!position.anchor) return page(null)
    if (shown.length >= limit) return page({ phase: 'a', anchor: position.anchor })
    inHand = [await client.json<EsploraTx>(`/tx/${position.anchor}`)]
  } else if (position.phase === 'a') {
    inHand = [await client.json<EsploraTx>(`/tx/${position.anchor}`)]
  } else last = position.last

  for (;;) {
    for (const tx of inHand) {
      if (shown.length >= limit)
        return page(last ? { phase: 'c', last } : { phase: 'a', anchor: tx.txid })
      shown.push(tx)
      last = tx.txid
    }
    if (shown.length >= limit && last) return page({ phase: 'c', last })
    if (!last) return page(null)
    // Esplora serves the confirmed history 25 (electrs) or so at a time; an empty page ends it.
    inHand = await client.json<EsploraTx[]>(`${base}/txs/chain/${last}`)
    if (inHand.length === 0) return page(null)
  }
}
