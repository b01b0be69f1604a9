import { list, positiveSetting } from '../shared/settings.js'
import { type SpamPolicy, spamPolicyFrom } from './spam.js'

export interface IndexedChain {
  chainId: number
  rpcUrl: string
}

export type ProviderConfig =
  | { chainId: number; kind: 'blockscout'; baseUrl: string }
  | { chainId: number; kind: 'etherscan'; baseUrl: string; apiKey: string }

/** The EVM backend's settings (the rest of the server — names, SIWX, metrics — reads them too). */
export interface EvmConfig {
  /** Chains this server indexes itself. */
  chains: IndexedChain[]
  /** Chains served by a remote history provider instead. */
  providers: ProviderConfig[]
  spam: SpamPolicy
  batchSize: number
  /** How long an indexer's lease lasts unrenewed: a killed indexer's successor waits this long. */
  leaseMs: number
  /**
   * JSON-RPC upstream per chain, for the RPC proxy, balances and names: LATCH_RPC_URLS, then
   * every indexed chain's node for the chains it does not name.
   */
  rpcUrls: ReadonlyMap<number, string>
}

export const DEFAULT_ETHERSCAN_URL = 'https://api.etherscan.io/v2/api'

function httpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

function indexedChains(env: Record<string, string | undefined>, issues: string[], rpcUrl: string) {
  const chains: IndexedChain[] = []
  const chainSpec = env.LATCH_INDEX_CHAINS?.trim() || `31337=${rpcUrl}`
  for (const entry of list(chainSpec)) {
    const match = /^(\d+)=(.+)$/.exec(entry)
    if (!match || !httpUrl(match[2]!)) {
      issues.push(
        `LATCH_INDEX_CHAINS: expected chainId=http(s)://url, got ${JSON.stringify(entry)}`,
      )
      continue
    }
    chains.push({ chainId: Number(match[1]), rpcUrl: match[2]! })
  }
  return chains
}

function historyProviders(env: Record<string, string | undefined>, issues: string[]) {
  const providers: ProviderConfig[] = []
  for (const entry of list(env.LATCH_HISTORY_PROVIDERS)) {
    const match = /^(\d+)=(blockscout|etherscan)(?::(.+))?$/.exec(entry)
    if (!match) {
      issues.push(
        `LATCH_HISTORY_PROVIDERS: expected chainId=blockscout:https://…/api/v2 or chainId=etherscan, got ${JSON.stringify(entry)}`,
      )
      continue
    }
    const chainId = Number(match[1])
    if (match[2] === 'blockscout') {
      if (!match[3] || !httpUrl(match[3])) {
        issues.push(`LATCH_HISTORY_PROVIDERS: blockscout for chain ${chainId} needs a URL`)
        continue
      }
      providers.push({ chainId, kind: 'blockscout', baseUrl: match[3] })
    } else {
      const apiKey = env.ETHERSCAN_API_KEY?.trim()
      if (!apiKey) {
        issues.push(
          `LATCH_HISTORY_PROVIDERS: etherscan for chain ${chainId} needs ETHERSCAN_API_KEY`,
        )
        continue
      }
      providers.push({
        chainId,
        kind: 'etherscan',
        baseUrl: match[3] ?? env.ETHERSCAN_API_URL?.trim() ?? DEFAULT_ETHERSCAN_URL,
        apiKey,
      })
    }
  }
  return providers
}

function upstreams(
  env: Record<string, string | undefined>,
  issues: string[],
  chains: readonly IndexedChain[],
) {
  const rpcUrls = new Map<number, string>()
  for (const entry of list(env.LATCH_RPC_URLS)) {
    const match = /^([1-9][0-9]{0,15})=(.+)$/.exec(entry)
    if (!match || !httpUrl(match[2]!)) {
      issues.push(`LATCH_RPC_URLS: expected chainId=http(s)://url, got ${JSON.stringify(entry)}`)
      continue
    }
    const chainId = Number(match[1])
    if (rpcUrls.has(chainId)) issues.push(`LATCH_RPC_URLS: chain ${chainId} is named twice`)
    rpcUrls.set(chainId, match[2]!)
  }
  for (const chain of chains)
    if (!rpcUrls.has(chain.chainId)) rpcUrls.set(chain.chainId, chain.rpcUrl)
  return rpcUrls
}

/**
 * EVM settings from the environment:
 *  - LATCH_INDEX_CHAINS   `31337=http://127.0.0.1:8545,8453=https://…` (default: chain 31337 at
 *                         `defaults.rpcUrl`, i.e. LATCH_CHAIN_RPC_URL)
 *  - LATCH_HISTORY_PROVIDERS  `1=blockscout:https://eth.blockscout.com/api/v2,10=etherscan`
 *  - ETHERSCAN_API_KEY, ETHERSCAN_API_URL (for `etherscan` providers)
 *  - LATCH_SPAM_ALLOW, LATCH_SPAM_DENY  comma-separated NFT contract addresses
 *  - LATCH_INDEX_BATCH    blocks per database transaction (50)
 *  - LATCH_INDEX_LEASE_SECONDS  how long an indexer's lease lasts unrenewed (10)
 *  - LATCH_RPC_URLS       `1=https://…,8453=https://…`: the RPC proxy's upstream per chain
 *                         (default: the indexed chains' nodes); chain 1 also resolves ENS names
 */
export function loadEvmConfig(
  env: Record<string, string | undefined>,
  issues: string[],
  defaults: { rpcUrl: string },
): EvmConfig {
  const chains = indexedChains(env, issues, defaults.rpcUrl)
  const providers = historyProviders(env, issues)
  const rpcUrls = upstreams(env, issues, chains)
  return {
    chains,
    providers,
    spam: spamPolicyFrom(env.LATCH_SPAM_ALLOW, env.LATCH_SPAM_DENY),
    batchSize: positiveSetting(env, issues, 'LATCH_INDEX_BATCH', 50, 5_000),
    leaseMs: positiveSetting(env, issues, 'LATCH_INDEX_LEASE_SECONDS', 10, 3_600) * 1_000,
    rpcUrls,
  }
}
