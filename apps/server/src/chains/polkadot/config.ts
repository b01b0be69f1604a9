/**
 * Polkadot (Substrate) settings (docs/polkadot-server.md):
 *  - LATCH_POLKADOT_CHAINS  `polkadot:<genesis hash prefix>=ws(s)://node,…` the chains this server
 *                           indexes (history) and reads balances from, each through a Substrate
 *                           JSON-RPC node (an archive node: the indexer reads every block's
 *                           events). Empty: none.
 *  - LATCH_POLKADOT_PORT    when LATCH_POLKADOT_CHAINS is not set at all: the dev chain's port
 *                           (`npm start`, e2e), whose chain is then served.
 *  - LATCH_POLKADOT_FROM_BLOCK  the first block indexed on a fresh database (default 1).
 */

import { createRequire } from 'node:module'
import { loadSubscanConfig, type SubscanConfig } from './subscanConfig.js'

export interface PolkadotChain {
  /** CAIP-2: `polkadot:` and the first 32 hex digits of the genesis hash. */
  caip2: string
  /** ws:// or wss:// without credentials. */
  url: string
}

export interface PolkadotConfig {
  chains: PolkadotChain[]
  fromBlock: number
  /** History of chains without a node, from Subscan's API (subscanConfig.ts). */
  subscan?: SubscanConfig | undefined
}

/** The dev chain's CAIP-2 (scripts/polkadot: every chopsticks chain from a spec has this genesis). */
export const DEV_POLKADOT_CAIP2 = 'polkadot:45454545454545454545454545454545'

export const POLKADOT_CAIP2 = /^polkadot:[0-9a-f]{32}$/

const list = (value: string) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)

function nodeUrl(raw: string): string | undefined {
  try {
    const url = new URL(raw)
    if (url.protocol !== 'ws:' && url.protocol !== 'wss:') return undefined
    if (url.search || url.hash || url.username || url.password) return undefined
    return url.toString().replace(/\/+$/, '')
  } catch {
    return undefined
  }
}

/**
 * `@polkadot/api` is an optional peer of latch-server (about 110 MB installed with its types):
 * only a server that indexes Polkadot needs it, so only such a server is told to install it.
 */
export const POLKADOT_API = '@polkadot/api'

export function packageInstalled(name: string): boolean {
  try {
    createRequire(import.meta.url).resolve(name)
    return true
  } catch {
    return false
  }
}

export function loadPolkadotConfig(
  env: Record<string, string | undefined>,
  issues: string[],
  installed: (name: string) => boolean = packageInstalled,
): PolkadotConfig {
  const chains: PolkadotChain[] = []
  const raw = env.LATCH_POLKADOT_CHAINS
  const port = env.LATCH_POLKADOT_PORT?.trim()
  if (raw === undefined && port) {
    // The dev chain `npm start` and e2e run on this port (scripts/polkadot): served by default.
    if (/^[1-9][0-9]{0,4}$/.test(port) && Number(port) <= 65535)
      chains.push({ caip2: DEV_POLKADOT_CAIP2, url: `ws://127.0.0.1:${port}` })
    else issues.push(`LATCH_POLKADOT_PORT: expected a port number, got ${JSON.stringify(port)}`)
  }
  for (const entry of list(raw ?? '')) {
    const at = entry.indexOf('=')
    const caip2 = at < 0 ? '' : entry.slice(0, at)
    const url = nodeUrl(entry.slice(at + 1))
    if (at < 0 || !POLKADOT_CAIP2.test(caip2) || !url) {
      issues.push(
        `LATCH_POLKADOT_CHAINS: expected polkadot:<32 lower-case hex digits of the genesis hash>=ws(s)://node-url, got ${JSON.stringify(entry)}`,
      )
      continue
    }
    if (chains.some((c) => c.caip2 === caip2)) {
      issues.push(`LATCH_POLKADOT_CHAINS: ${caip2} is named twice`)
      continue
    }
    chains.push({ caip2, url })
  }
  let fromBlock = 1
  const from = env.LATCH_POLKADOT_FROM_BLOCK?.trim()
  if (from) {
    if (/^(0|[1-9][0-9]{0,9})$/.test(from)) fromBlock = Math.max(1, Number(from))
    else
      issues.push(`LATCH_POLKADOT_FROM_BLOCK: expected a block number, got ${JSON.stringify(from)}`)
  }
  if (chains.length > 0 && !installed(POLKADOT_API))
    issues.push(
      `LATCH_POLKADOT_CHAINS: reading Polkadot needs the optional package ${POLKADOT_API} (version 16) installed beside latch-server (npm install ${POLKADOT_API}@16), or no Polkadot chain configured`,
    )
  const subscan = loadSubscanConfig(env, issues)
  return { chains, fromBlock, ...(subscan && { subscan }) }
}
