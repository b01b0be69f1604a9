import type { HistoryPage } from '@latch/core/wire'
import { type Address, isAddress } from 'viem'
import { HttpError } from '../../http/errors.js'
import { chainScope } from '../history-cache/announce.js'
import { type CursorCodec, type CursorScope, InvalidCursorError } from '../shared/cursor.js'
import { pageLimit } from '../shared/page.js'
import type { HistoryQuery } from '../types.js'
import { eventsOf, readHistory } from './history.js'
import { type HistoryProvider, ProviderError } from './providers/types.js'
import { EMPTY_SPAM_POLICY, type SpamPolicy } from './spam.js'
import { caip2, type NativeCurrency, toWireTransactions } from './wire.js'

export interface EvmHistoryOptions {
  /** Chains indexed by this server, with their native currency. */
  indexed: ReadonlyMap<number, NativeCurrency>
  /** Chains served by a remote provider. */
  providers?: ReadonlyMap<number, HistoryProvider>
  codec: CursorCodec
  spam?: SpamPolicy
}

const bad = (code: string, message: string) => new HttpError(400, code, message)
const EVM_CHAIN = /^(?:eip155:)?([1-9][0-9]{0,15})$/

function parseAddress(raw: string): Address {
  // strict: mixed case must be a valid EIP-55 checksum; all-lower and all-upper are accepted.
  if (!isAddress(raw, { strict: true }))
    throw bad(
      'INVALID_ADDRESS',
      `"${raw.slice(0, 64)}" is not an EVM address (0x followed by 40 hex digits, valid checksum if mixed case).`,
    )
  return raw.toLowerCase() as Address
}

function parseChainId(raw: string | undefined, known: (id: number) => boolean): number | null {
  if (raw === undefined || raw === '') return null
  const match = EVM_CHAIN.exec(raw)
  const id = match ? Number(match[1]) : Number.NaN
  if (!match || !Number.isSafeInteger(id) || !known(id))
    throw bad(
      'UNSUPPORTED_CHAIN',
      `Chain "${raw.slice(0, 64)}" is not supported; see GET /v1/supported-chains.`,
    )
  return id
}

/** An EVM query: an `eip155:` or decimal chain id, or no chain and a 0x address. */
export function claimsEvm(address: string, chainId: string | undefined): boolean {
  if (chainId === undefined || chainId === '') return address.startsWith('0x')
  return /^(?:eip155:)?[0-9]+$/.test(chainId)
}

/** The CAIP-2 ids with history: indexed chains and provider chains, in chain id order. */
export function evmHistoryChains(options: EvmHistoryOptions): string[] {
  const ids = [...new Set([...options.indexed.keys(), ...(options.providers?.keys() ?? [])])]
  return ids.sort((a, b) => a - b).map(caip2)
}

/**
 * The chains an indexed page reads, as cache scopes (announced by the store on each commit and
 * rollback); null for a provider's chain or a chain id that is not ours.
 */
export function evmHistoryScopes(options: EvmHistoryOptions) {
  return (_address: string, raw: string | undefined): readonly string[] | null => {
    if (raw === undefined || raw === '')
      return [...options.indexed.keys()].map((id) => chainScope('eip155', id))
    const match = EVM_CHAIN.exec(raw)
    const id = match ? Number(match[1]) : Number.NaN
    return options.indexed.has(id) ? [chainScope('eip155', id)] : null
  }
}

function openCursor<T>(open: () => T): T {
  try {
    return open()
  } catch (error) {
    if (error instanceof InvalidCursorError) throw bad('INVALID_CURSOR', error.message)
    throw error
  }
}

async function fromProvider(
  provider: HistoryProvider,
  query: HistoryQuery,
  at: { address: Address; chainId: number; codec: CursorCodec; limit: number },
): Promise<HistoryPage> {
  const { address, chainId, codec, limit } = at
  const scope: CursorScope = { address, chainId }
  const rawCursor = query.cursor
  const continuation = rawCursor ? openCursor(() => codec.open(scope, rawCursor)) : null
  let page: Awaited<ReturnType<HistoryProvider['history']>>
  try {
    page = await provider.history({ address, chainId, cursor: continuation, limit })
  } catch (error) {
    if (error instanceof ProviderError) {
      // The upstream's own words stay in the log: they may quote a URL with its key.
      query.log.warn({ err: error }, 'history provider failed')
      throw new HttpError(
        502,
        'UPSTREAM_ERROR',
        `The ${provider.kind} history provider failed; try again later`,
      )
    }
    throw error
  }
  return {
    data: page.data,
    next: page.continuation ? codec.seal(scope, page.continuation) : null,
  }
}

/** An EVM history page: from the index, or from the chain's remote provider. */
export function evmHistory(options: EvmHistoryOptions) {
  const providers = options.providers ?? new Map<number, HistoryProvider>()
  const spam = options.spam ?? EMPTY_SPAM_POLICY
  const { codec } = options
  const known = (id: number) => options.indexed.has(id) || providers.has(id)
  return async (query: HistoryQuery): Promise<HistoryPage> => {
    const address = parseAddress(query.address)
    const chainId = parseChainId(query.chainId, known)
    const limit = pageLimit(query.limit)
    const provider =
      chainId !== null && !options.indexed.has(chainId) ? providers.get(chainId) : undefined
    if (provider && chainId !== null)
      return fromProvider(provider, query, { address, chainId, codec, limit })
    const scope: CursorScope = { address, chainId }
    const rawCursor = query.cursor
    const after = rawCursor ? openCursor(() => codec.decode(scope, rawCursor)) : null
    const rows = await readHistory(query.db, { address, chainId, after, limit })
    // A transaction that carried several of a smart account's operations is several rows.
    const data = rows.txs.flatMap((tx) =>
      toWireTransactions(address, tx, eventsOf(rows, tx), {
        native: options.indexed.get(tx.chainId) ?? { name: 'Ether', symbol: 'ETH', decimals: 18 },
        tokens: rows.tokens.get(tx.chainId) ?? new Map(),
        nfts: rows.nfts.get(tx.chainId) ?? new Map(),
        spam,
      }),
    )
    return { data, next: rows.next ? codec.encode(scope, rows.next) : null }
  }
}
