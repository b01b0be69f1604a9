import type { Env } from '../config.js'
import { ConfigError } from '../config.js'
import { loadSolanaConfig, type SolanaConfig } from '../solana/config.js'
import { type SpamPolicy, spamPolicyFrom } from './spam.js'

export interface IndexedChain {
  chainId: number
  rpcUrl: string
}

export type ProviderConfig =
  | { chainId: number; kind: 'blockscout'; baseUrl: string }
  | { chainId: number; kind: 'etherscan'; baseUrl: string; apiKey: string }

export interface ChainDataConfig {
  /** Chains this server indexes itself. */
  chains: IndexedChain[]
  /** Run the indexer inside `serve` (dev); production runs `latch-server index` instead. */
  indexInProcess: boolean
  /** Chains served by a remote history provider instead. */
  providers: ProviderConfig[]
  cursorSecret: string
  /** True when no secret was configured and the dev default is in use. */
  cursorSecretIsDefault: boolean
  spam: SpamPolicy
  airdropMinRecipients: number
  batchSize: number
  /** How long an indexer's lease lasts unrenewed: a killed indexer's successor waits this long. */
  leaseMs: number
  /**
   * JSON-RPC upstream per chain, for the RPC proxy, balances and names: LATCH_RPC_URLS, then
   * every indexed chain's node for the chains it does not name.
   */
  rpcUrls: ReadonlyMap<number, string>
  /** Solana clusters whose account history is served, and token names (LATCH_SOLANA_*). */
  solana: SolanaConfig
}

export const DEV_CURSOR_SECRET = 'latch-dev-cursor-secret-change-me'
export const DEFAULT_ETHERSCAN_URL = 'https://api.etherscan.io/v2/api'

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
}

function httpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/**
 * Chain data settings from the environment:
 *  - LATCH_INDEX_CHAINS   `31337=http://127.0.0.1:8545,8453=https://…` (default: chain 31337 at
 *                         `defaultRpcUrl`, i.e. LATCH_CHAIN_RPC_URL)
 *  - LATCH_INDEXER        `in-process` (default) or `off` (when `latch-server index` runs apart)
 *  - LATCH_HISTORY_PROVIDERS  `1=blockscout:https://eth.blockscout.com/api/v2,10=etherscan`
 *  - ETHERSCAN_API_KEY, ETHERSCAN_API_URL (for `etherscan` providers)
 *  - LATCH_CURSOR_SECRET  HMAC key for history cursors (set it in production)
 *  - LATCH_SPAM_ALLOW, LATCH_SPAM_DENY  comma-separated NFT contract addresses
 *  - LATCH_SPAM_AIRDROP_MIN  recipients in one transaction that make an unsolicited airdrop (5)
 *  - LATCH_INDEX_BATCH    blocks per database transaction (50)
 *  - LATCH_INDEX_LEASE_SECONDS  how long an indexer's lease lasts unrenewed (10)
 *  - LATCH_RPC_URLS       `1=https://…,8453=https://…`: the RPC proxy's upstream per chain
 *                         (default: the indexed chains' nodes); chain 1 also resolves ENS names
 */
export function loadChainDataConfig(env: Env, defaultRpcUrl: string): ChainDataConfig {
  const issues: string[] = []
  const chains: IndexedChain[] = []
  const chainSpec = env.LATCH_INDEX_CHAINS?.trim() || `31337=${defaultRpcUrl}`
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
  const indexer = env.LATCH_INDEXER?.trim() || 'in-process'
  if (indexer !== 'in-process' && indexer !== 'off')
    issues.push(`LATCH_INDEXER: must be in-process or off, got ${JSON.stringify(indexer)}`)
  const secret = env.LATCH_CURSOR_SECRET?.trim()
  if (secret !== undefined && secret !== '' && secret.length < 16)
    issues.push('LATCH_CURSOR_SECRET: must be at least 16 characters')
  const positive = (name: string, fallback: number, max: number) => {
    const raw = env[name]?.trim()
    if (!raw) return fallback
    const n = Number(raw)
    if (!Number.isInteger(n) || n < 1 || n > max) {
      issues.push(`${name}: must be an integer from 1 to ${max}, got ${JSON.stringify(raw)}`)
      return fallback
    }
    return n
  }
  const airdropMinRecipients = positive('LATCH_SPAM_AIRDROP_MIN', 5, 10_000)
  const batchSize = positive('LATCH_INDEX_BATCH', 50, 5_000)
  const leaseMs = positive('LATCH_INDEX_LEASE_SECONDS', 10, 3_600) * 1_000
  const solana = loadSolanaConfig(env, issues)
  if (issues.length > 0) throw new ConfigError(issues)
  return {
    chains,
    indexInProcess: indexer === 'in-process',
    providers,
    cursorSecret: secret || DEV_CURSOR_SECRET,
    cursorSecretIsDefault: !secret,
    spam: spamPolicyFrom(env.LATCH_SPAM_ALLOW, env.LATCH_SPAM_DENY),
    airdropMinRecipients,
    batchSize,
    leaseMs,
    rpcUrls,
    solana,
  }
}
