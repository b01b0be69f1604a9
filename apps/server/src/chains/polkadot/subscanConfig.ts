/**
 * Subscan for history of Polkadot chains this server runs no node for (docs/polkadot-server.md#subscan):
 *  - LATCH_POLKADOT_SUBSCAN_KEY   the Subscan API key, sent as X-API-Key (never in an answer or a log).
 *  - LATCH_POLKADOT_SUBSCAN_URLS  `polkadot:<genesis ref>=https://<network>.api.subscan.io,…`: each
 *                                 chain's Subscan API base. Subscan has one host per network, so
 *                                 each chain names its own.
 * Only the networks Latch knows (Polkadot, Kusama, Westend, Polkadot Asset Hub) can be named: the
 * wire needs the token's symbol and decimals and the SS58 prefix, which Subscan's lists do not carry.
 */
import { polkadotNetworks, ss58PrefixOf } from '@latch/core'

export interface SubscanChain {
  caip2: string
  /** The API base, without a trailing slash. */
  baseUrl: string
  symbol: string
  decimals: number
  ss58Prefix: number
}

export interface SubscanConfig {
  apiKey: string
  chains: SubscanChain[]
}

// As config.ts's (not imported from there: config.ts loads this file).
const POLKADOT_CAIP2 = /^polkadot:[0-9a-f]{32}$/

const isLoopback = (host: string) =>
  host === 'localhost' || host === '[::1]' || /^127(\.[0-9]{1,3}){3}$/.test(host)

function baseUrl(raw: string): string | undefined {
  try {
    const url = new URL(raw)
    // https, or plain http only on loopback (a local stand-in): the key travels in a header.
    const secure =
      url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url.hostname))
    if (!secure || url.search || url.hash || url.username || url.password) return undefined
    return url.toString().replace(/\/+$/, '')
  } catch {
    return undefined
  }
}

export function loadSubscanConfig(
  env: Record<string, string | undefined>,
  issues: string[],
): SubscanConfig | undefined {
  const apiKey = env.LATCH_POLKADOT_SUBSCAN_KEY?.trim() ?? ''
  const entries = (env.LATCH_POLKADOT_SUBSCAN_URLS ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)
  if (!apiKey && entries.length === 0) return undefined
  if (!apiKey) {
    issues.push(
      'LATCH_POLKADOT_SUBSCAN_URLS: set LATCH_POLKADOT_SUBSCAN_KEY too (Subscan needs a key)',
    )
    return undefined
  }
  if (entries.length === 0) {
    issues.push(
      'LATCH_POLKADOT_SUBSCAN_KEY: name the chains it serves in LATCH_POLKADOT_SUBSCAN_URLS (polkadot:<genesis ref>=https://<network>.api.subscan.io)',
    )
    return undefined
  }
  const chains: SubscanChain[] = []
  for (const entry of entries) {
    const at = entry.indexOf('=')
    const caip2 = at < 0 ? '' : entry.slice(0, at)
    const url = baseUrl(entry.slice(at + 1))
    if (at < 0 || !POLKADOT_CAIP2.test(caip2) || !url) {
      issues.push(
        `LATCH_POLKADOT_SUBSCAN_URLS: expected polkadot:<32 lower-case hex digits of the genesis hash>=https://subscan-api-host, got ${JSON.stringify(entry)}`,
      )
      continue
    }
    const network = polkadotNetworks.find((n) => n.caipNetworkId === caip2)
    if (!network) {
      issues.push(
        `LATCH_POLKADOT_SUBSCAN_URLS: ${caip2} is not a network Latch knows (Polkadot, Kusama, Westend, Polkadot Asset Hub)`,
      )
      continue
    }
    if (chains.some((c) => c.caip2 === caip2)) {
      issues.push(`LATCH_POLKADOT_SUBSCAN_URLS: ${caip2} is named twice`)
      continue
    }
    chains.push({
      caip2,
      baseUrl: url,
      symbol: network.nativeCurrency.symbol,
      decimals: network.nativeCurrency.decimals,
      ss58Prefix: ss58PrefixOf(network),
    })
  }
  return chains.length > 0 ? { apiKey, chains } : undefined
}
