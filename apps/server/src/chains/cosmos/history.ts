import type { HistoryPage } from '@latch/core/wire'
import { HttpError } from '../../http/errors.js'
import { type CursorCodec, type CursorScope, InvalidCursorError } from '../shared/cursor.js'
import { type CosmosRow, toCosmosWireTransaction } from './classify.js'
import type { CosmosNetwork } from './networks.js'
import type { CosmosNodeClient, RestTx, RestTxResponse, RestTxs } from './node.js'

/**
 * One page of an account's history read from a node's tx index, newest first
 * (docs/cosmos-server.md#history). No OR exists in CometBFT's query language, so two searches are
 * merged: what the account signed or paid for (`message.sender`, failed transactions included,
 * since the fee's own events carry it) and what it received (`transfer.recipient`). Nothing is
 * stored. The order is the chain's: height, then index in the block, both descending.
 *
 * The cursor is a keyset position (height h, index i): the next page holds the transactions
 * strictly before it. Blocks are final once made, so the transactions before a position never
 * change; those that arrive between pages are in later blocks, above it, and a page neither
 * repeats nor skips one. The first page is bounded by the latest height it read, so its own
 * searches see one fixed set even when a block lands while it pages through the node.
 */

const VERSION = 'k1'
const FIELD = /^(0|[1-9][0-9]{0,15})$/
/** Most results one search page asks for: what SDK nodes allow. */
const MAX_PER_REQUEST = 100

export interface Position {
  height: number
  index: number
}

export function encodePosition(codec: CursorCodec, scope: CursorScope, at: Position): string {
  return codec.seal(scope, [VERSION, at.height, at.index].join(':'))
}

export function decodePosition(codec: CursorCodec, scope: CursorScope, cursor: string): Position {
  const parts = codec.open(scope, cursor).split(':')
  if (parts.length !== 3 || parts[0] !== VERSION) throw new InvalidCursorError()
  const [height, index] = parts.slice(1).map((part) => {
    if (!FIELD.test(part) || !Number.isSafeInteger(Number(part))) throw new InvalidCursorError()
    return Number(part)
  }) as [number, number]
  if (height < 1) throw new InvalidCursorError()
  return { height, index }
}

interface Found {
  tx: RestTx
  response: RestTxResponse
  hash: string
  height: number
}

export interface CosmosHistoryInput {
  client: CosmosNodeClient
  network: CosmosNetwork
  codec: CursorCodec
  viewer: string
  cursor: string | undefined
  limit: number
}

/** The page's rows and cursor, and each row's memo (by hash) beside the wire rows. */
export async function cosmosHistory(
  input: CosmosHistoryInput,
): Promise<{ page: HistoryPage; rows: CosmosRow[] }> {
  const { client, network, codec, viewer, limit } = input
  const scope: CursorScope = { address: viewer, chainId: network.caip2 }
  let before: Position
  if (input.cursor !== undefined && input.cursor !== '') {
    try {
      before = decodePosition(codec, scope, input.cursor)
    } catch (error) {
      if (error instanceof InvalidCursorError)
        throw new HttpError(400, 'INVALID_CURSOR', error.message)
      throw error
    }
  } else {
    const status = await client.rpc<{ sync_info: { latest_block_height: string } }>('status', {})
    before = { height: Number(status.sync_info.latest_block_height) + 1, index: 0 }
  }

  // The index in its block, asked of CometBFT only where the order within a block matters.
  const indexes = new Map<string, number>()
  const indexOf = async (hash: string) => {
    let index = indexes.get(hash)
    if (index === undefined) {
      const found = await client.rpc<{ index: number }>('tx', {
        hash: Buffer.from(hash, 'hex').toString('base64'),
      })
      index = Number(found.index)
      indexes.set(hash, index)
    }
    return index
  }

  const need = limit + 1
  // Up to `need` transactions strictly before `before` matching one condition, newest first.
  async function search(condition: string): Promise<Found[]> {
    // At index 0 nothing of the boundary block is left, so the search stops below it.
    const top = before.index === 0 ? before.height - 1 : before.height
    if (top < 1) return []
    const query = encodeURIComponent(`${condition} AND tx.height<=${top}`)
    const per = Math.min(MAX_PER_REQUEST, need + 4)
    const kept: Found[] = []
    let seen = 0
    for (let page = 1; kept.length < need; page++) {
      const answer = await client.rest<RestTxs>(
        `/cosmos/tx/v1beta1/txs?query=${query}&order_by=ORDER_BY_DESC&page=${page}&limit=${per}`,
      )
      const responses = answer.tx_responses ?? []
      for (const [at, response] of responses.entries()) {
        const hash = response.txhash.toUpperCase()
        const height = Number(response.height)
        if (height === before.height && (await indexOf(hash)) >= before.index) continue
        kept.push({ tx: answer.txs[at] as RestTx, response, hash, height })
      }
      seen += responses.length
      // A short page is the last, whether or not the node says its total.
      if (responses.length < per || seen >= Number(answer.total)) break
    }
    return kept.slice(0, need)
  }

  const [sent, received] = await Promise.all([
    search(`message.sender='${viewer}'`),
    search(`transfer.recipient='${viewer}'`),
  ])
  const byHash = new Map<string, Found>()
  for (const found of [...sent, ...received]) byHash.set(found.hash, found)
  const merged = [...byHash.values()]
  // Within one block, the two searches' results interleave by index: ask for it there only.
  const heights = new Map<number, number>()
  for (const found of merged) heights.set(found.height, (heights.get(found.height) ?? 0) + 1)
  for (const found of merged)
    if ((heights.get(found.height) as number) > 1) await indexOf(found.hash)
  merged.sort(
    (a, b) => b.height - a.height || (indexes.get(b.hash) ?? 0) - (indexes.get(a.hash) ?? 0),
  )
  const shown = merged.slice(0, limit)
  const last = shown.at(-1)
  const next =
    merged.length > limit && last
      ? encodePosition(codec, scope, { height: last.height, index: await indexOf(last.hash) })
      : null
  const rows = shown.map((f) => toCosmosWireTransaction(f.tx, f.response, viewer, network))
  return { page: { data: rows.map((row) => row.transaction), next }, rows }
}
