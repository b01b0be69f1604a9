/**
 * `GET /v1/account/:address/history` for Solana clusters: the same route, wire format, keyset
 * cursors and 400s as EVM (chains/routes.ts hands over when the chain is `solana:…` or the
 * address is base58). A first page reads the account's new transactions from the cluster first.
 */

import type { HistoryPage } from '@latch/core/wire'
import { createSolanaRpc, isAddress } from '@solana/kit'
import type { Db } from '../../db/types.js'
import { HttpError } from '../../http/errors.js'
import type { CursorCodec, CursorScope } from '../shared/cursor.js'
import { InvalidCursorError } from '../shared/cursor.js'
import { readSolanaBalances, type SolanaBalance } from './balances.js'
import type { SolanaConfig } from './config.js'
import { type SolanaPosition, SolanaStore } from './store.js'
import { AccountSync, SolanaRpcError } from './sync.js'
import { toSolanaWireTransaction } from './wire.js'

export interface SolanaService {
  clusters: readonly string[]
  /** True when the route should hand this request to Solana. */
  claims(address: string, chainId: string | undefined): boolean
  page(query: {
    address: string
    chainId: string | undefined
    cursor: string | undefined
    limit: number
  }): Promise<HistoryPage>
  /** SOL and SPL balances of `address` on the cluster `chainId` (CAIP-2). */
  balances(address: string, chainId: string): Promise<SolanaBalance[]>
}

const bad = (code: string, message: string) => new HttpError(400, code, message)
const CURSOR = /^s1:(0|[1-9]\d{0,15}):(0|[1-9]\d{0,15}):([1-9A-HJ-NP-Za-km-z]{32,90})$/

export function createSolanaService(
  db: Db,
  config: SolanaConfig,
  options: { codec: CursorCodec; airdropMinRecipients: number },
): SolanaService {
  const store = new SolanaStore(db)
  const syncs = new Map(
    config.clusters.map((c) => [
      c.caip2,
      new AccountSync({
        cluster: c.caip2,
        rpcUrl: c.rpcUrl,
        store,
        airdropMinRecipients: options.airdropMinRecipients,
      }),
    ]),
  )
  const clusters = [...syncs.keys()]
  const rpcs = new Map(config.clusters.map((c) => [c.caip2, createSolanaRpc(c.rpcUrl)]))
  const checkAddress = (address: string) => {
    if (!isAddress(address))
      throw bad(
        'INVALID_ADDRESS',
        `"${address.slice(0, 64)}" is not a Solana address (32 bytes in base58).`,
      )
  }

  function clusterOf(chainId: string | undefined): string {
    if (chainId === undefined || chainId === '') {
      if (clusters.length === 1) return clusters[0] as string
      throw bad(
        'UNSUPPORTED_CHAIN',
        `Name the Solana cluster as chainId (one of ${clusters.join(', ') || 'none configured'}).`,
      )
    }
    if (!syncs.has(chainId))
      throw bad(
        'UNSUPPORTED_CHAIN',
        `Chain "${chainId.slice(0, 64)}" is not supported; see GET /v1/supported-chains.`,
      )
    return chainId
  }

  function position(scope: CursorScope, cursor: string): SolanaPosition {
    try {
      const match = CURSOR.exec(options.codec.open(scope, cursor))
      if (!match) throw new InvalidCursorError()
      return { blockTime: Number(match[1]), slot: Number(match[2]), signature: match[3] as string }
    } catch (error) {
      if (error instanceof InvalidCursorError) throw bad('INVALID_CURSOR', error.message)
      throw error
    }
  }

  return {
    clusters,
    claims: (address, chainId) =>
      chainId?.startsWith('solana:') === true ||
      ((chainId === undefined || chainId === '') &&
        !address.startsWith('0x') &&
        clusters.length > 0),
    async page({ address, chainId, cursor, limit }) {
      const cluster = clusterOf(chainId)
      checkAddress(address)
      const scope: CursorScope = { address, chainId: cluster }
      const after = cursor ? position(scope, cursor) : null
      if (!after) {
        try {
          await (syncs.get(cluster) as AccountSync).sync(address)
        } catch (error) {
          if (error instanceof SolanaRpcError)
            throw new HttpError(
              502,
              'UPSTREAM_ERROR',
              `The Solana cluster ${cluster} could not be read; try again later`,
            )
          throw error
        }
      }
      const page = await store.page(cluster, address, after, limit)
      const ctx = { cluster, tokens: config.tokens, spamMints: page.spamMints }
      return {
        data: page.txs.map((tx) => toSolanaWireTransaction(address, tx, ctx)),
        next: page.next
          ? options.codec.seal(
              scope,
              `s1:${page.next.blockTime}:${page.next.slot}:${page.next.signature}`,
            )
          : null,
      }
    },
    async balances(address, chainId) {
      const cluster = clusterOf(chainId)
      checkAddress(address)
      const spam = await store.spamMints(cluster)
      try {
        return await readSolanaBalances(rpcs.get(cluster) as ReturnType<typeof createSolanaRpc>, {
          cluster,
          address,
          tokens: config.tokens,
          spam,
        })
      } catch {
        throw new HttpError(
          502,
          'UPSTREAM_ERROR',
          `The Solana cluster ${cluster} could not be read; try again later`,
        )
      }
    },
  }
}
