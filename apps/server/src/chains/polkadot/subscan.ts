import type { HistoryPage } from '@latch/core/wire'
import type { FastifyBaseLogger } from 'fastify'
import { HttpError } from '../../http/errors.js'
import { type CursorCodec, type CursorScope, InvalidCursorError } from '../shared/cursor.js'
import { accountIdOf, spell } from './address.js'
import type { TransferRow } from './decode.js'
import { decodeCursor, encodeCursor, toPolkadotWireTransaction } from './history.js'
import type { IndexedExtrinsic, Position } from './store.js'
import type { SubscanChain } from './subscanConfig.js'

/**
 * History of a chain read from Subscan's API instead of an index (docs/polkadot-server.md#subscan):
 * the account's signed extrinsics (`/api/v2/scan/extrinsics`: hash, call, nonce, outcome, fee) and
 * the transfers it sent or received (`/api/v2/scan/transfers`), both newest first, joined by
 * extrinsic into the index's rows, so the wire (rows, fee lines, failures) and the cursor
 * (`d1:<block>:<index>`, sealed for the account and chain) are the indexer path's own.
 *
 * Paging: each page asks both lists for the blocks up to the cursor's (`block_range`, page 0) and
 * drops what is at or above the cursor. A list that came back full may stop inside an extrinsic,
 * so rows are kept only down to where both lists are complete.
 */

/** Subscan's largest `row`. */
const ROW = 100
const TIMEOUT_MS = 10_000

interface AccountDisplay {
  address?: string
}

/** An entry of `/api/v2/scan/extrinsics` (the fields read). */
export interface SubscanExtrinsic {
  block_num: number
  block_timestamp: number
  extrinsic_index: string
  extrinsic_hash: string
  call_module: string
  call_module_function: string
  nonce?: number
  success: boolean
  fee?: string
  fee_used?: string
  account_display?: AccountDisplay
}

/** An entry of `/api/v2/scan/transfers` (the fields read). */
export interface SubscanTransfer {
  from: string
  to: string
  extrinsic_index: string
  event_idx?: number
  success: boolean
  hash: string
  block_num: number
  block_timestamp: number
  module?: string
  /** In whole units ("1.5"). */
  amount: string
  /** In planck, where Subscan fills it. */
  amount_v2?: string
  asset_symbol?: string
}

export interface SubscanHistoryInput {
  chain: SubscanChain
  apiKey: string
  codec: CursorCodec
  /** The viewer's account id (hex). */
  account: string
  cursor: string | undefined
  limit: number
  log: FastifyBaseLogger
  fetch?: typeof fetch
}

class SubscanAnswerError extends Error {
  override name = 'SubscanAnswerError'
}

async function post<T>(
  input: SubscanHistoryInput,
  path: string,
  body: Record<string, unknown>,
): Promise<T> {
  const response = await (input.fetch ?? fetch)(`${input.chain.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': input.apiKey },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
  if (!response.ok) throw new SubscanAnswerError(`${path} answered HTTP ${response.status}`)
  const json = (await response.json()) as { code?: unknown; message?: unknown; data?: unknown }
  if (json?.code !== 0)
    throw new SubscanAnswerError(
      `${path} answered code ${String(json?.code)}: ${String(json?.message)}`,
    )
  return (json.data ?? {}) as T
}

/** `"<block>-<index>"` as a position; undefined for anything else. */
export function positionOf(extrinsicIndex: unknown): Position | undefined {
  const match = /^(0|[1-9][0-9]{0,14})-(0|[1-9][0-9]{0,5})$/.exec(String(extrinsicIndex))
  return match ? { block: Number(match[1]), index: Number(match[2]) } : undefined
}

/** Newest first: negative when `a` is newer. */
const compare = (a: Position, b: Position) => b.block - a.block || b.index - a.index

const integer = (value: unknown) =>
  typeof value === 'string' && /^(0|[1-9][0-9]{0,39})$/.test(value) ? value : undefined

/** Whole units ("1.5") as planck; undefined when it is no plain decimal. */
export function unitsToPlanck(amount: string, decimals: number): string | undefined {
  const match = /^(0|[1-9][0-9]*)(?:\.([0-9]+))?$/.exec(amount)
  if (!match) return undefined
  const fraction = match[2] ?? ''
  // More digits than the token has is no amount of it.
  if (fraction.replace(/0+$/, '').length > decimals) return undefined
  return (
    BigInt(match[1] as string) * 10n ** BigInt(decimals) +
    BigInt(fraction.padEnd(decimals, '0') || '0')
  ).toString()
}

/** The transfer's amount in planck: `amount_v2` where filled, else `amount` converted. */
function planckOf(t: SubscanTransfer, decimals: number): string | undefined {
  const v2 = integer(t.amount_v2)
  if (v2 !== undefined && (v2 !== '0' || unitsToPlanck(t.amount, decimals) === '0')) return v2
  return unitsToPlanck(String(t.amount), decimals)
}

const hexOf = (address: string | undefined) => {
  if (!address) return undefined
  try {
    return `0x${Buffer.from(accountIdOf(address)).toString('hex')}`
  } catch {
    return undefined
  }
}

/** The native token's transfers only: Asset Hub's other assets are not this chain's coin. */
const isNative = (t: SubscanTransfer, chain: SubscanChain) =>
  t.module ? t.module === 'balances' : t.asset_symbol === chain.symbol

/**
 * The two lists joined by extrinsic into index rows, newest first, down to where both are
 * complete, and strictly below `before`.
 */
export function joinSubscanRows(
  chain: SubscanChain,
  /** The viewer's account id (hex): the signer of every entry of the extrinsics list. */
  viewer: string,
  extrinsics: readonly SubscanExtrinsic[],
  transfers: readonly SubscanTransfer[],
  before: Position | null,
  full: { extrinsics: boolean; transfers: boolean },
): { rows: IndexedExtrinsic[]; complete: boolean } {
  const rows = new Map<string, IndexedExtrinsic>()
  const below = (p: Position) => !before || compare(p, before) > 0
  let floor: Position | undefined
  let strict = false
  const lower = (p: Position | undefined, exclusive: boolean) => {
    if (!p) return
    if (!floor || compare(p, floor) < 0 || (compare(p, floor) === 0 && exclusive)) {
      floor = p
      strict = exclusive
    }
  }
  for (const e of extrinsics) {
    const at = positionOf(e.extrinsic_index)
    if (!at || !below(at)) continue
    const fee = integer(e.fee_used) ?? integer(e.fee) ?? null
    rows.set(e.extrinsic_index, {
      blockNumber: at.block,
      extrinsicIndex: at.index,
      hash: String(e.extrinsic_hash),
      minedAt: Number(e.block_timestamp) * 1000,
      // The list is the viewer's signed extrinsics; its display names the signer where given.
      signer: hexOf(e.account_display?.address) ?? viewer,
      nonce: typeof e.nonce === 'number' ? e.nonce : null,
      call: `${e.call_module}.${e.call_module_function}`.toLowerCase(),
      dest: null,
      success: e.success === true,
      fee,
      transfers: [],
    })
  }
  // A full list of extrinsics ends at its last entry: everything newer than it is listed.
  if (full.extrinsics) lower(positionOf(extrinsics.at(-1)?.extrinsic_index), false)
  for (const t of transfers) {
    const at = positionOf(t.extrinsic_index)
    if (!at || !below(at) || !isNative(t, chain)) continue
    const from = hexOf(t.from)
    const to = hexOf(t.to)
    if (!from || !to) continue
    // Someone else's failed transfer to the viewer moved nothing and is not the viewer's
    // extrinsic: the index does not list it either.
    if (!t.success && !rows.has(t.extrinsic_index)) continue
    const row = rows.get(t.extrinsic_index) ?? {
      blockNumber: at.block,
      extrinsicIndex: at.index,
      hash: String(t.hash),
      minedAt: Number(t.block_timestamp) * 1000,
      // Not the viewer's extrinsic (theirs are all in the other list): its signer is not shown.
      signer: null,
      nonce: null,
      call: `${t.module ?? 'balances'}.transfer`,
      dest: null,
      success: t.success === true,
      fee: null,
      transfers: [],
    }
    rows.set(t.extrinsic_index, row)
    // A failed transfer moved nothing; it still names its receiver, as the index keeps `dest`.
    row.dest ??= to
    if (!t.success) continue
    const amount = planckOf(t, chain.decimals)
    if (amount === undefined) continue
    const transfer: TransferRow = {
      blockNumber: at.block,
      eventIndex: typeof t.event_idx === 'number' ? t.event_idx : row.transfers.length,
      extrinsicIndex: at.index,
      fromAccount: from,
      toAccount: to,
      amount,
    }
    row.transfers.push(transfer)
  }
  // A full list of transfers may stop inside its last extrinsic: that one is not complete.
  if (full.transfers) lower(positionOf(transfers.at(-1)?.extrinsic_index), true)
  const all = [...rows.values()].sort((a, b) =>
    compare(
      { block: a.blockNumber, index: a.extrinsicIndex },
      { block: b.blockNumber, index: b.extrinsicIndex },
    ),
  )
  const bound = floor
  if (!bound) return { rows: all, complete: true }
  const kept = all.filter((r) => {
    const c = compare({ block: r.blockNumber, index: r.extrinsicIndex }, bound)
    return c < 0 || (c === 0 && !strict)
  })
  // One extrinsic with more transfers than a list holds (a large batch): shown with those listed
  // rather than a page that never moves on.
  if (kept.length === 0 && all.length > 0) return { rows: all.slice(0, 1), complete: false }
  return { rows: kept, complete: false }
}

/** One page of an account's history from Subscan, in the index's wire format and cursor. */
export async function subscanHistoryPage(input: SubscanHistoryInput): Promise<HistoryPage> {
  const { chain } = input
  const scope: CursorScope = { address: input.account, chainId: chain.caip2 }
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
  const address = spell(input.account, chain.ss58Prefix)
  const range = before ? { block_range: `0-${before.block}` } : {}
  let extrinsics: SubscanExtrinsic[]
  let transfers: SubscanTransfer[]
  try {
    const [e, t] = await Promise.all([
      post<{ extrinsics?: SubscanExtrinsic[] | null }>(input, '/api/v2/scan/extrinsics', {
        address,
        row: ROW,
        page: 0,
        order: 'desc',
        ...range,
      }),
      post<{ transfers?: SubscanTransfer[] | null }>(input, '/api/v2/scan/transfers', {
        address,
        row: ROW,
        page: 0,
        direction: 'all',
        ...range,
      }),
    ])
    extrinsics = Array.isArray(e.extrinsics) ? e.extrinsics : []
    transfers = Array.isArray(t.transfers) ? t.transfers : []
  } catch (error) {
    input.log.warn({ err: error, chain: chain.caip2 }, 'Subscan history read failed')
    throw new HttpError(502, 'UPSTREAM_ERROR', `Subscan did not answer for ${chain.caip2}`)
  }
  const { rows, complete } = joinSubscanRows(chain, input.account, extrinsics, transfers, before, {
    extrinsics: extrinsics.length >= ROW,
    transfers: transfers.length >= ROW,
  })
  // Both lists full of entries at or above the cursor (over a hundred in one block): nothing can
  // be shown without skipping, so say so rather than end the history there.
  if (rows.length === 0 && !complete)
    throw new HttpError(
      502,
      'UPSTREAM_ERROR',
      `Subscan's page for ${chain.caip2} holds no row past the cursor`,
    )
  const shown = rows.slice(0, input.limit)
  const last = shown.at(-1)
  const token = { symbol: chain.symbol, decimals: chain.decimals, ss58Prefix: chain.ss58Prefix }
  return {
    data: shown.map((ext) => toPolkadotWireTransaction(ext, input.account, chain.caip2, token)),
    next:
      last && (rows.length > input.limit || !complete)
        ? encodeCursor(input.codec, scope, { block: last.blockNumber, index: last.extrinsicIndex })
        : null,
  }
}
