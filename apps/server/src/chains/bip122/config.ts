import { BIP122_CAIP2, networkOf, REGTEST_CAIP2 } from './networks.js'

/**
 * Bitcoin settings (docs/bitcoin-server.md):
 *  - LATCH_BITCOIN_ESPLORA  `bip122:<genesis hash prefix>=http(s)://esplora,…` the chains whose
 *                           history, balances and pass-through this server serves, each read
 *                           from an Esplora-compatible REST (Blockstream's or mempool's API, a
 *                           self-hosted electrs, or the dev node). Empty: none.
 *  - LATCH_BITCOIN_PORT     when LATCH_BITCOIN_ESPLORA is not set at all: the dev node's port
 *                           (`npm start`, e2e), whose regtest chain is then served.
 *  - LATCH_BITCOIN_TIMEOUT_MS  one upstream request's limit (default 10 000).
 */

export interface EsploraChain {
  /** CAIP-2, e.g. `bip122:000000000019d6689c085ae165831e93`. */
  caip2: string
  /** Without a trailing slash, e.g. `http://127.0.0.1:3002`. */
  url: string
}

export interface BitcoinConfig {
  chains: EsploraChain[]
  timeoutMs: number
}

export const DEFAULT_TIMEOUT_MS = 10_000

const list = (value: string) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)

function esploraUrl(raw: string): string | undefined {
  try {
    const url = new URL(raw)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
    if (url.search || url.hash || url.username || url.password) return undefined
    return url.toString().replace(/\/+$/, '')
  } catch {
    return undefined
  }
}

export function loadBitcoinConfig(
  env: Record<string, string | undefined>,
  issues: string[],
): BitcoinConfig {
  const chains: EsploraChain[] = []
  const raw = env.LATCH_BITCOIN_ESPLORA
  const port = env.LATCH_BITCOIN_PORT?.trim()
  if (raw === undefined && port) {
    // The dev node `npm start` and e2e run on this port (scripts/bitcoin): served by default.
    if (/^[1-9][0-9]{0,4}$/.test(port) && Number(port) <= 65535)
      chains.push({ caip2: REGTEST_CAIP2, url: `http://127.0.0.1:${port}` })
    else issues.push(`LATCH_BITCOIN_PORT: expected a port number, got ${JSON.stringify(port)}`)
  }
  for (const entry of list(raw ?? '')) {
    const at = entry.indexOf('=')
    const caip2 = at < 0 ? '' : entry.slice(0, at)
    const url = esploraUrl(entry.slice(at + 1))
    if (at < 0 || !BIP122_CAIP2.test(caip2) || !url) {
      issues.push(
        `LATCH_BITCOIN_ESPLORA: expected bip122:<32 hex characters>=http(s)://esplora-url, got ${JSON.stringify(entry)}`,
      )
      continue
    }
    if (!networkOf(caip2)) {
      issues.push(
        `LATCH_BITCOIN_ESPLORA: ${caip2} is not a Bitcoin network this server knows (mainnet, testnet3, testnet4, signet, regtest)`,
      )
      continue
    }
    if (chains.some((c) => c.caip2 === caip2)) {
      issues.push(`LATCH_BITCOIN_ESPLORA: ${caip2} is named twice`)
      continue
    }
    chains.push({ caip2, url })
  }
  let timeoutMs = DEFAULT_TIMEOUT_MS
  const timeout = env.LATCH_BITCOIN_TIMEOUT_MS?.trim()
  if (timeout) {
    const n = /^[0-9]{1,6}$/.test(timeout) ? Number(timeout) : Number.NaN
    if (!Number.isInteger(n) || n < 100 || n > 120_000)
      issues.push(
        `LATCH_BITCOIN_TIMEOUT_MS: expected milliseconds from 100 to 120000, got ${JSON.stringify(timeout)}`,
      )
    else timeoutMs = n
  }
  return { chains, timeoutMs }
}
