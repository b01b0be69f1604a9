/**
 * Every Bitcoin wallet on the page, found the three ways wallets announce themselves, one
 * connector per wallet: a wallet seen two ways (Xverse registers with the wallet standard and
 * sits on sats-connect's list) is kept once, its wallet-standard side preferred, then
 * sats-connect's, then the injected object.
 */
import type { CaipNetwork } from '../../networks/types.js'
import type { Connector } from '../../stores/connectors.js'
import { injectedWallets } from './injected.js'
import { networkNameOf } from './params.js'
import { satsConnectWallets } from './satsConnect.js'
import type { BitcoinWallet } from './wallet.js'
import { toConnector } from './wallet.js'
import { watchStandardWallets } from './walletStandard.js'

/** Names compare without case, spaces or a trailing "wallet": "OKX Wallet" is "OKX". */
const sameName = (name: string) =>
  name
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace(/wallet$/, '')

export function dedupeWallets(lists: readonly (readonly BitcoinWallet[])[]): BitcoinWallet[] {
  const seen = new Set<string>()
  const out: BitcoinWallet[] = []
  for (const wallet of lists.flat()) {
    const key = sameName(wallet.name)
    if (seen.has(key)) continue
    seen.add(key)
    out.push(wallet)
  }
  return out
}

export interface BitcoinWalletWatcher {
  list(): BitcoinWallet[]
  find(id: string): BitcoinWallet | undefined
  stop(): void
}

function pageWindow(): object | undefined {
  return (globalThis as { window?: object }).window
}

/**
 * Watches the three sources. The wallet standard announces arrivals; the provider list and the
 * injected objects are read each time (they are plain properties with no event), so a wallet
 * that injects late shows on the next look.
 */
export function watchBitcoinWallets(onChange: () => void): BitcoinWalletWatcher {
  const standard = pageWindow() ? watchStandardWallets(onChange) : undefined
  // One object per id, so listeners a connection added stay with it across lookups.
  const cache = new Map<string, BitcoinWallet>()
  const keep = (wallets: BitcoinWallet[]) =>
    wallets.map((w) => {
      const known = cache.get(w.id)
      if (known) return known
      cache.set(w.id, w)
      return w
    })
  const list = () => {
    const target = pageWindow()
    if (!target) return []
    return dedupeWallets([
      standard?.list() ?? [],
      keep(satsConnectWallets(target)),
      keep(injectedWallets(target)),
    ])
  }
  return {
    list,
    find: (id) => list().find((w) => w.id === id),
    stop: () => standard?.stop(),
  }
}

export function bitcoinConnectors(
  wallets: readonly BitcoinWallet[],
  networks: readonly CaipNetwork[],
): Connector[] {
  return wallets.map((w) => toConnector(w, networks, networkNameOf))
}
