import { COSMOS_CAIP2, DEV_CAIP2, networkOf } from './networks.js'

/**
 * Cosmos settings (docs/cosmos-server.md#settings):
 *  - LATCH_COSMOS_NODES  `cosmos:<chain id>=<CometBFT RPC url>|<REST (LCD) url>,…`: the chains
 *                        whose history, balances and pass-through this server serves, each read
 *                        from a node with tx indexing on. The chain must be one of networks.ts.
 *                        Empty: none.
 *  - LATCH_COSMOS_RPC_PORT, LATCH_COSMOS_REST_PORT  when LATCH_COSMOS_NODES is not set at all:
 *                        the dev node's ports (`npm start`, e2e), whose chain `cosmos:latchdev-1`
 *                        is then served.
 *  - LATCH_COSMOS_TIMEOUT_MS  one upstream request's limit (default 10 000).
 */

export interface CosmosNode {
  /** CAIP-2, e.g. `cosmos:cosmoshub-4`. */
  caip2: string
  /** Without a trailing slash. */
  rpcUrl: string
  restUrl: string
}

export interface CosmosConfig {
  chains: CosmosNode[]
  timeoutMs: number
}

export const DEFAULT_TIMEOUT_MS = 10_000

function nodeUrl(raw: string): string | undefined {
  try {
    const url = new URL(raw.trim())
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
    if (url.search || url.hash || url.username || url.password) return undefined
    return url.toString().replace(/\/+$/, '')
  } catch {
    return undefined
  }
}

const port = (raw: string | undefined) =>
  raw !== undefined && /^[1-9][0-9]{0,4}$/.test(raw.trim()) && Number(raw) <= 65535
    ? Number(raw)
    : undefined

export function loadCosmosConfig(
  env: Record<string, string | undefined>,
  issues: string[],
): CosmosConfig {
  const chains: CosmosNode[] = []
  const raw = env.LATCH_COSMOS_NODES
  const rpcPort = env.LATCH_COSMOS_RPC_PORT?.trim()
  const restPort = env.LATCH_COSMOS_REST_PORT?.trim()
  if (raw === undefined && (rpcPort || restPort)) {
    // The dev node `npm start` and e2e run on these ports (scripts/cosmos): served by default.
    const rpc = port(rpcPort)
    const rest = port(restPort)
    if (rpc && rest)
      chains.push({
        caip2: DEV_CAIP2,
        rpcUrl: `http://127.0.0.1:${rpc}`,
        restUrl: `http://127.0.0.1:${rest}`,
      })
    else
      issues.push(
        `LATCH_COSMOS_RPC_PORT and LATCH_COSMOS_REST_PORT: expected two port numbers, got ${JSON.stringify(rpcPort ?? '')} and ${JSON.stringify(restPort ?? '')}`,
      )
  }
  const entries = (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  for (const entry of entries) {
    const at = entry.indexOf('=')
    const caip2 = at < 0 ? '' : entry.slice(0, at)
    const urls = entry.slice(at + 1).split('|')
    const rpcUrl = urls.length === 2 ? nodeUrl(urls[0] as string) : undefined
    const restUrl = urls.length === 2 ? nodeUrl(urls[1] as string) : undefined
    if (at < 0 || !COSMOS_CAIP2.test(caip2) || !rpcUrl || !restUrl) {
      issues.push(
        `LATCH_COSMOS_NODES: expected cosmos:<chain id>=http(s)://rpc-url|http(s)://rest-url, got ${JSON.stringify(entry)}`,
      )
      continue
    }
    if (!networkOf(caip2)) {
      issues.push(
        `LATCH_COSMOS_NODES: ${caip2} is not a Cosmos chain this server knows (cosmoshub-4, osmosis-1, celestia, latchdev-1)`,
      )
      continue
    }
    if (chains.some((c) => c.caip2 === caip2)) {
      issues.push(`LATCH_COSMOS_NODES: ${caip2} is named twice`)
      continue
    }
    chains.push({ caip2, rpcUrl, restUrl })
  }
  let timeoutMs = DEFAULT_TIMEOUT_MS
  const timeout = env.LATCH_COSMOS_TIMEOUT_MS?.trim()
  if (timeout) {
    const n = /^[0-9]{1,6}$/.test(timeout) ? Number(timeout) : Number.NaN
    if (!Number.isInteger(n) || n < 100 || n > 120_000)
      issues.push(
        `LATCH_COSMOS_TIMEOUT_MS: expected milliseconds from 100 to 120000, got ${JSON.stringify(timeout)}`,
      )
    else timeoutMs = n
  }
  return { chains, timeoutMs }
}
