/**
 * Solana history settings (docs/solana.md#history):
 *  - LATCH_SOLANA_CLUSTERS  `solana:<genesis hash prefix>=http(s)://rpc,…` clusters whose account
 *                           history this server reads (`npm start` names its local cluster)
 *  - LATCH_SOLANA_TOKENS    `mint=SYMBOL:decimals:Name,…` token names, as a token list gives them
 * The spam threshold is LATCH_SPAM_AIRDROP_MIN, shared with the EVM indexer.
 */

export interface SolanaCluster {
  /** CAIP-2, e.g. `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`. */
  caip2: string
  rpcUrl: string
}

export interface SolanaTokenInfo {
  symbol: string
  decimals: number
  name: string
}

export interface SolanaConfig {
  clusters: SolanaCluster[]
  tokens: ReadonlyMap<string, SolanaTokenInfo>
}

export const SOLANA_CAIP2 = /^solana:[1-9A-HJ-NP-Za-km-z]{32}$/
const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)

export function loadSolanaConfig(
  env: Record<string, string | undefined>,
  issues: string[],
): SolanaConfig {
  const clusters: SolanaCluster[] = []
  for (const entry of list(env.LATCH_SOLANA_CLUSTERS)) {
    const at = entry.indexOf('=')
    const caip2 = entry.slice(0, at)
    const rpcUrl = entry.slice(at + 1)
    if (at < 0 || !SOLANA_CAIP2.test(caip2) || !/^https?:\/\/\S+$/.test(rpcUrl)) {
      issues.push(
        `LATCH_SOLANA_CLUSTERS: expected solana:<32 base58 characters>=http(s)://url, got ${JSON.stringify(entry)}`,
      )
      continue
    }
    if (clusters.some((c) => c.caip2 === caip2))
      issues.push(`LATCH_SOLANA_CLUSTERS: ${caip2} is named twice`)
    clusters.push({ caip2, rpcUrl })
  }
  const tokens = new Map<string, SolanaTokenInfo>()
  for (const entry of list(env.LATCH_SOLANA_TOKENS)) {
    const match = /^([1-9A-HJ-NP-Za-km-z]{32,44})=([^:]{1,16}):(\d{1,2}):(.{1,64})$/.exec(entry)
    if (!match || !BASE58_ADDRESS.test(match[1] as string)) {
      issues.push(
        `LATCH_SOLANA_TOKENS: expected mint=SYMBOL:decimals:Name, got ${JSON.stringify(entry)}`,
      )
      continue
    }
    tokens.set(match[1] as string, {
      symbol: match[2] as string,
      decimals: Number(match[3]),
      name: match[4] as string,
    })
  }
  return { clusters, tokens }
}
