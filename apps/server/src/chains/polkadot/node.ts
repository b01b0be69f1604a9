import type { ApiPromise } from '@polkadot/api'
import type { PolkadotChain } from './config.js'

/**
 * One `@polkadot/api` connection per configured chain, opened on first use and shared by the
 * indexer and the balance reads. The node must serve the genesis the config names: a node of
 * another chain is refused before anything is read from it.
 */

export class PolkadotNodeError extends Error {
  override name = 'PolkadotNodeError'
}

export interface PolkadotNode {
  chain: PolkadotChain
  api: ApiPromise
  /** The SS58 prefix addresses of this chain are written with (the runtime's constant). */
  ss58Prefix: number
  decimals: number
  symbol: string
}

const CONNECT_TIMEOUT_MS = 15_000

export async function connectNode(chain: PolkadotChain): Promise<PolkadotNode> {
  // Loaded with the first connection, not with the server: @polkadot/api takes about a second
  // to import, which every `latch-server` process (and every CLI test) paid before.
  const { ApiPromise, WsProvider } = await import('@polkadot/api')
  // No automatic reconnection loop inside the provider: a node that is away is retried by the
  // caller (the indexer's next round, the next balance request).
  const provider = new WsProvider(chain.url, 2_500, {}, CONNECT_TIMEOUT_MS)
  let api: ApiPromise
  try {
    api = await ApiPromise.create({ provider, throwOnConnect: true, noInitWarn: true })
  } catch (error) {
    await provider.disconnect().catch(() => {})
    throw new PolkadotNodeError(
      `The Polkadot node of ${chain.caip2} did not answer (${chain.url}).`,
      {
        cause: error,
      },
    )
  }
  const genesis = api.genesisHash.toHex()
  if (`polkadot:${genesis.slice(2, 34)}` !== chain.caip2) {
    await api.disconnect().catch(() => {})
    throw new PolkadotNodeError(
      `The node at ${chain.url} serves genesis ${genesis}, not ${chain.caip2}.`,
    )
  }
  const properties = api.registry.getChainProperties()
  const decimals = properties?.tokenDecimals.unwrapOr(undefined)?.[0]?.toNumber() ?? 10
  const symbol = properties?.tokenSymbol.unwrapOr(undefined)?.[0]?.toString() ?? 'DOT'
  // The runtime's constant wins over system_properties, as wallets read it.
  const ss58Prefix = api.registry.chainSS58 ?? 42
  return { chain, api, ss58Prefix, decimals, symbol }
}

/** Connections by CAIP-2, opened lazily; a failed one is retried at the next use. */
export class PolkadotNodes {
  private readonly open = new Map<string, Promise<PolkadotNode>>()

  constructor(private readonly chains: readonly PolkadotChain[]) {}

  get ids(): string[] {
    return this.chains.map((c) => c.caip2)
  }

  has(caip2: string): boolean {
    return this.chains.some((c) => c.caip2 === caip2)
  }

  node(caip2: string): Promise<PolkadotNode> {
    const chain = this.chains.find((c) => c.caip2 === caip2)
    if (!chain) return Promise.reject(new PolkadotNodeError(`${caip2} is not configured.`))
    let pending = this.open.get(caip2)
    if (!pending) {
      pending = connectNode(chain)
      this.open.set(caip2, pending)
      pending.catch(() => this.open.delete(caip2))
    }
    return pending
  }

  async close(): Promise<void> {
    const all = [...this.open.values()]
    this.open.clear()
    await Promise.all(all.map((p) => p.then((n) => n.api.disconnect()).catch(() => {})))
  }
}
