import type { Connector as WagmiConnector } from '@wagmi/core'
import type { EIP1193Provider } from 'viem'
import { BROWSER_WALLET_NAME, type Connector } from '../../stores/connectors.js'

export interface AnnouncedWallet {
  info: { uuid: string; name: string; icon: string; rdns: string }
  provider: EIP1193Provider
}

/** The legacy injected provider, if the page has one. */
export function legacyProvider(): EIP1193Provider | undefined {
  return (globalThis as { window?: { ethereum?: EIP1193Provider } }).window?.ethereum
}

/**
 * Maps wagmi's connectors onto Latch's: EIP-6963 wallets are ANNOUNCED, the legacy
 * `window.ethereum` connector is INJECTED ('Browser Wallet'), WalletConnect is WALLET_CONNECT,
 * anything else the app passed in is EXTERNAL. The generic connector is dropped when an announced
 * wallet already owns the same provider, so one wallet never shows twice. The embedded wallet's
 * connector (type 'AUTH') stays AUTH: the modal offers it as an email field, not in a list.
 */
export function toLatchConnectors(
  connectors: readonly WagmiConnector[],
  announced: readonly AnnouncedWallet[],
): Connector[] {
  const byRdns = new Map(announced.map((wallet) => [wallet.info.rdns, wallet]))
  const legacy = legacyProvider()
  const legacyIsAnnounced = legacy !== undefined && announced.some((w) => w.provider === legacy)
  const result: Connector[] = []
  for (const connector of connectors) {
    const wallet = byRdns.get(connector.id)
    if (wallet) {
      result.push({
        id: connector.id,
        name: wallet.info.name,
        type: 'ANNOUNCED',
        chain: 'eip155',
        imageUrl: wallet.info.icon,
        info: { rdns: wallet.info.rdns, name: wallet.info.name, icon: wallet.info.icon },
        provider: wallet.provider,
      })
    } else if (connector.id === 'injected') {
      if (legacyIsAnnounced) continue
      result.push({
        id: connector.id,
        name: BROWSER_WALLET_NAME,
        type: 'INJECTED',
        chain: 'eip155',
        provider: legacy,
      })
    } else {
      result.push({
        id: connector.id,
        name: connector.name,
        type:
          connector.type === 'walletConnect'
            ? 'WALLET_CONNECT'
            : connector.type === 'AUTH'
              ? 'AUTH'
              : connector.type === 'injected'
                ? 'INJECTED'
                : 'EXTERNAL',
        chain: 'eip155',
        imageUrl: connector.icon,
        info: { name: connector.name, icon: connector.icon },
      })
    }
  }
  return result
}
