/**
 * CometBFT's event query language as `tx_search` takes it — `message.sender='cosmos1…' AND
 * tx.height>5` — and its pagination and ordering rules (kv indexer, 0.38). Conditions are matched
 * per transaction (any event of the type may satisfy each), as the kv indexer does.
 */
import type { StoredTx } from './block.js'
import { internalError } from './errors.js'

type Op = '=' | '<' | '<=' | '>' | '>=' | 'CONTAINS' | 'EXISTS'
export interface Condition {
  key: string
  op: Op
  value?: string | number
}

const CONDITION =
  /^\s*([A-Za-z0-9_.\-/]+)\s*(?:(EXISTS)|(<=|>=|=|<|>|CONTAINS)\s*(?:'([^']*)'|(-?\d+(?:\.\d+)?)))\s*/

export function parseQuery(query: string): Condition[] {
  const conditions: Condition[] = []
  let rest = query.trim()
  if (!rest) throw internalError('failed to parse query: empty query')
  while (rest) {
    const m = CONDITION.exec(rest)
    if (!m) throw internalError(`failed to parse query: unexpected input at "${rest.slice(0, 40)}"`)
    const [whole, key, exists, op, text, number] = m
    if (exists) conditions.push({ key: key as string, op: 'EXISTS' })
    else
      conditions.push({
        key: key as string,
        op: op as Op,
        value: text !== undefined ? text : Number(number),
      })
    rest = rest.slice(whole.length)
    if (!rest) break
    const and = /^AND\s+/.exec(rest)
    if (!and) throw internalError(`failed to parse query: expected AND at "${rest.slice(0, 40)}"`)
    rest = rest.slice(and[0].length)
  }
  return conditions
}

function valuesOf(stored: StoredTx, key: string): string[] {
  if (key === 'tx.hash') return [stored.tx.hash]
  if (key === 'tx.height') return [String(stored.height)]
  const dot = key.lastIndexOf('.')
  const type = key.slice(0, dot)
  const attribute = key.slice(dot + 1)
  return stored.result.events
    .filter((e) => e.type === type)
    .flatMap((e) => e.attributes.filter((a) => a.key === attribute).map((a) => a.value))
}

function compare(actual: string, c: Condition): boolean {
  if (c.op === 'EXISTS') return true
  if (c.op === 'CONTAINS') return actual.includes(String(c.value))
  if (typeof c.value === 'string') {
    if (c.op === '=') return actual === c.value
    // Comparisons of strings are of numbers or dates only in CometBFT; a plain string never matches.
    return false
  }
  const n = Number(actual)
  if (Number.isNaN(n)) return false
  const v = c.value as number
  if (c.op === '=') return n === v
  if (c.op === '<') return n < v
  if (c.op === '<=') return n <= v
  if (c.op === '>') return n > v
  return n >= v
}

export function matches(stored: StoredTx, conditions: Condition[]): boolean {
  return conditions.every((c) => {
    // tx.hash is matched without regard to case, as CometBFT looks it up by bytes.
    const values = valuesOf(stored, c.key)
    if (c.key === 'tx.hash' && typeof c.value === 'string')
      return values[0] === c.value.toUpperCase() && c.op === '='
    return values.some((v) => compare(v, c))
  })
}

export const DEFAULT_PER_PAGE = 30
export const MAX_PER_PAGE = 100

export interface Page<T> {
  items: T[]
  total: number
}

/** `tx_search`'s page rules: per_page 1–100 (else 30 / 100), page within [1, pages]. */
export function paginate<T>(all: T[], page?: number, perPage?: number): Page<T> {
  let size = perPage ?? DEFAULT_PER_PAGE
  if (size < 1) size = DEFAULT_PER_PAGE
  if (size > MAX_PER_PAGE) size = MAX_PER_PAGE
  const pages = Math.max(1, Math.ceil(all.length / size))
  const at = page ?? 1
  if (at < 1 || at > pages)
    throw internalError(`page should be within [1, ${pages}] range, given ${at}`)
  return { items: all.slice((at - 1) * size, at * size), total: all.length }
}

export function searchTxs(txs: StoredTx[], query: string, orderBy: string | undefined): StoredTx[] {
  const conditions = parseQuery(query)
  if (orderBy && orderBy !== 'asc' && orderBy !== 'desc')
    throw internalError('expected order_by to be either `asc` or `desc` or empty')
  const found = txs.filter((t) => matches(t, conditions))
  return orderBy === 'desc' ? found.reverse() : found
}
