import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/types.js'
import { HttpError } from '../../http/errors.js'
import { withTimeout } from '../../timeout.js'
import { ChainLease, newHolderId } from '../eip155/lease.js'
import { pageLimit } from '../shared/page.js'
import type { ChainBackend, ChainBackendFactory, ChainProgress } from '../types.js'
import { looksLikePolkadotAddress, parsePolkadotAddress } from './address.js'
import { polkadotBalances } from './balances.js'
import { polkadotCatalogue } from './catalogue.js'
import { loadPolkadotConfig, type PolkadotConfig } from './config.js'
import { polkadotHistoryPage } from './history.js'
import { PolkadotIndexer, polkadotLeaseId } from './indexer.js'
import { type PolkadotNode, PolkadotNodes } from './node.js'
import { polkadotCheckpoints } from './schema.js'
import { polkadotSignIn } from './sign-in.js'
import { subscanHistoryPage } from './subscan.js'
import type { SubscanChain } from './subscanConfig.js'

const isPolkadotChainId = (chainId: string | undefined) => !!chainId?.startsWith('polkadot:')

function chainFor(
  nodes: PolkadotNodes,
  chainId: string | undefined,
  // History also serves the chains read from Subscan; balances need a node.
  subscan: ReadonlyMap<string, SubscanChain> = new Map(),
): string {
  if (chainId) {
    if (!nodes.has(chainId) && !subscan.has(chainId))
      throw new HttpError(
        400,
        'UNSUPPORTED_CHAIN',
        `Chain ${chainId.slice(0, 80)} is not served here`,
      )
    return chainId
  }
  const [only, ...more] = [...nodes.ids, ...subscan.keys()]
  if (!only || more.length > 0)
    throw new HttpError(400, 'UNSUPPORTED_CHAIN', 'Name the Polkadot chain (chainId=polkadot:…).')
  return only
}

async function nodeOf(nodes: PolkadotNodes, chain: string, log: FastifyBaseLogger) {
  try {
    return await nodes.node(chain)
  } catch (error) {
    log.warn({ err: error, chain }, 'Polkadot node unavailable')
    throw new HttpError(502, 'UPSTREAM_ERROR', `The Polkadot node of ${chain} did not answer`)
  }
}

export interface PolkadotBackend extends ChainBackend {
  readonly nodes: PolkadotNodes
}

/**
 * The Polkadot backend: history from the index (indexer.ts), or from Subscan for a chain with no
 * node configured (subscan.ts); balances from the node.
 */
export function polkadotBackend(
  config: PolkadotConfig,
  context: Parameters<ChainBackendFactory<PolkadotConfig>['create']>[1],
): PolkadotBackend {
  const nodes = new PolkadotNodes(config.chains)
  // A chain with a node is indexed: Subscan serves only the others.
  const subscan = new Map(
    (config.subscan?.chains ?? []).filter((c) => !nodes.has(c.caip2)).map((c) => [c.caip2, c]),
  )
  const holder = context.holder ?? newHolderId()
  const followers = config.chains.map(
    (chain) =>
      new PolkadotIndexer({
        db: context.db,
        nodes,
        chain: chain.caip2,
        url: chain.url,
        fromBlock: config.fromBlock,
        lease: new ChainLease(context.db, polkadotLeaseId(chain.caip2), holder, {
          soleProcess: context.soleProcess,
        }),
        ...(context.log ? { log: context.log } : {}),
      }),
  )
  const viewer = (node: PolkadotNode, address: string) =>
    parsePolkadotAddress(address, node.ss58Prefix)
  return {
    namespace: 'polkadot',
    nodes,
    historyChains: () => [...nodes.ids, ...subscan.keys()],
    claims: (address, chainId) =>
      isPolkadotChainId(chainId) ||
      ((chainId === undefined || chainId === '') &&
        (nodes.ids.length > 0 || subscan.size > 0) &&
        looksLikePolkadotAddress(address)),
    async history(query) {
      const chain = chainFor(nodes, query.chainId || undefined, subscan)
      const viaSubscan = subscan.get(chain)
      if (viaSubscan && config.subscan)
        return subscanHistoryPage({
          chain: viaSubscan,
          apiKey: config.subscan.apiKey,
          codec: context.codec,
          // 400 INVALID_ADDRESS as on the index path: SS58 with this chain's prefix.
          account: parsePolkadotAddress(query.address, viaSubscan.ss58Prefix).account,
          cursor: query.cursor,
          limit: pageLimit(query.limit),
          log: query.log,
        })
      const node = await nodeOf(nodes, chain, query.log)
      const { account } = viewer(node, query.address)
      const limit = pageLimit(query.limit)
      return polkadotHistoryPage({
        db: query.db,
        codec: context.codec,
        chain,
        account,
        token: { symbol: node.symbol, decimals: node.decimals, ss58Prefix: node.ss58Prefix },
        cursor: query.cursor,
        limit,
      })
    },
    async balances(query) {
      const chain = chainFor(nodes, query.chainId)
      const node = await nodeOf(nodes, chain, query.log)
      const { account } = viewer(node, query.address)
      try {
        return await polkadotBalances(node, account)
      } catch (error) {
        query.log.warn({ err: error, chain }, 'Polkadot balance read failed')
        throw new HttpError(502, 'UPSTREAM_ERROR', `The Polkadot node of ${chain} did not answer`)
      }
    },
    followers,
    verifySignIn: polkadotSignIn(config.chains.map((c) => c.caip2)).verifySignIn,
  }
}

// A scrape must answer well inside Prometheus's default 10 s timeout, whatever the nodes do.
const HEAD_TIMEOUT_MS = 2_000

function progressReader(
  config: PolkadotConfig,
  db: Db,
  log: FastifyBaseLogger,
): () => Promise<ChainProgress[]> {
  const nodes = new PolkadotNodes(config.chains)
  const headOf = async (chain: string) => {
    try {
      return await withTimeout(
        (async () => {
          const { api } = await nodes.node(chain)
          return (
            await api.rpc.chain.getHeader(await api.rpc.chain.getFinalizedHead())
          ).number.toNumber()
        })(),
        HEAD_TIMEOUT_MS,
        'Polkadot node',
      )
    } catch (error) {
      log.warn({ err: error, chain }, 'metrics: the Polkadot node did not give its head')
      return undefined
    }
  }
  return async () => {
    if (config.chains.length === 0) return []
    const [rows, heads] = await Promise.all([
      db
        .select()
        .from(polkadotCheckpoints)
        .catch((error: unknown) => {
          log.warn({ err: error }, 'metrics: the Polkadot checkpoints could not be read')
          return []
        }),
      Promise.all(config.chains.map((c) => headOf(c.caip2))),
    ])
    return config.chains.map((c, i) => {
      const row = rows.find((r) => r.chain === c.caip2)
      return {
        chain: c.caip2,
        height: row?.blockNumber,
        head: heads[i],
        updatedAt: row ? new Date(row.updatedAt) : undefined,
      }
    })
  }
}

/** Polkadot chains (LATCH_POLKADOT_CHAINS): indexed from a Substrate node into the database. */
export const polkadotFamily: ChainBackendFactory<PolkadotConfig> = {
  namespace: 'polkadot',
  catalogue: polkadotCatalogue,
  chainIdExample: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
  loadConfig: (env, issues) => loadPolkadotConfig(env, issues),
  signIn: (config) => polkadotSignIn(config.chains.map((c) => c.caip2)).verifySignIn,
  create: (config, context) =>
    config.chains.length === 0 && !config.subscan ? undefined : polkadotBackend(config, context),
  progress: (config, { db, log }) => progressReader(config, db, log),
}
