/**
 * The Keplr-API wallets on the page, as connectors. Extensions inject their object on load with no
 * announcement, so the list is read each time it is asked for, and once more on the window's
 * `load` event (a wallet injected after the page's script ran then shows).
 */
import type { CaipNetwork } from '../../networks/types.js'
import type { Connector } from '../../stores/connectors.js'
import { cosmosChainOf } from './chains.js'
import { type CosmosWallet, keplrWallets } from './keplr.js'

export interface CosmosWalletWatcher {
  list(): CosmosWallet[]
  find(id: string): CosmosWallet | undefined
  stop(): void
}

function pageWindow(): (object & Partial<EventTarget>) | undefined {
  return (globalThis as { window?: object & Partial<EventTarget> }).window
}

export function watchCosmosWallets(onChange: () => void): CosmosWalletWatcher {
  const target = pageWindow()
  // One object per id, so a connection's listeners stay with it across lookups.
  const cache = new Map<string, CosmosWallet>()
  const list = () => {
    const now = pageWindow()
    if (!now) return []
    return keplrWallets(now).map((wallet) => {
      const known = cache.get(wallet.id)
      if (known) return known
      cache.set(wallet.id, wallet)
      return wallet
    })
  }
  const onLoad = () => onChange()
  target?.addEventListener?.('load', onLoad)
  return {
    list,
    find: (id) => list().find((w) => w.id === id),
    stop: () => target?.removeEventListener?.('load', onLoad),
  }
}

/** A wallet's connector: every app network with a known chain (any Keplr wallet can add one). */
export function cosmosConnectors(
  wallets: readonly CosmosWallet[],
  networks: readonly CaipNetwork[],
): Connector[] {
  const chains = networks.filter((n) => cosmosChainOf(n) !== undefined)
  return wallets.map((wallet) => ({
    id: wallet.id,
    name: wallet.name,
    type: 'ANNOUNCED',
    chain: 'cosmos',
    chains: [...chains],
    info: { name: wallet.name },
  }))
}
