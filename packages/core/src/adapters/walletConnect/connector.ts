import { type CreateConnectorFn, createConnector } from '@wagmi/core'
import type { SessionConnector } from '../eip155/walletConnectSession.js'
import { sessionMarker } from './marker.js'
import type { WalletConnectParameters } from './parameters.js'
import { WALLET_CONNECT_CONNECTOR_ID } from './sessions.js'

export {
  PAIRING_EXPIRY_MS,
  type PairingMessage,
  type WalletConnectParameters,
} from './parameters.js'
export { WALLET_CONNECT_CONNECTOR_ID }

/**
 * WalletConnect v2 as a wagmi connector over WalletConnect's universal provider. What is here is
 * what wagmi asks of every connector on every page load; the rest, with the SDK, loads on
 * `connect`, or on a page load that finds a session of an earlier visit (docs/walletconnect.md).
 */
export function walletConnect(parameters: WalletConnectParameters): CreateConnectorFn {
  return createConnector((config) => {
    const marker = sessionMarker(config)
    let loading: Promise<SessionConnector> | undefined
    const load = () => {
      loading ??= import('../eip155/walletConnectSession.js').then((m) =>
        m.createSessionConnector(config, parameters),
      )
      // A failed load (a dropped connection) is tried again on the next use.
      loading.catch(() => {
        loading = undefined
      })
      return loading
    }
    const loaded = () => loading !== undefined
    // The session's other namespaces restore it through here after a reload: the SDK loads only
    // when an earlier visit left a session.
    parameters.sessions?.attach(async () => {
      if (!loaded() && !(await marker.get())) return undefined
      return (await load()).session()
    })
    return {
      id: WALLET_CONNECT_CONNECTOR_ID,
      name: 'WalletConnect',
      type: 'walletConnect',
      icon: parameters.icon,
      async connect(options = {}) {
        // wagmi types the answer by its `withCapabilities` flag; plain addresses are what it asked.
        return (await (await load()).connect(options)) as never
      },
      async disconnect() {
        if (loaded()) await (await load()).disconnect()
        else await marker.clear()
      },
      async getAccounts() {
        return loaded() ? (await load()).getAccounts() : []
      },
      async getChainId() {
        return loaded() ? (await load()).getChainId() : config.chains[0].id
      },
      async getProvider() {
        // Only a visitor with a WalletConnect session from an earlier visit pays for the SDK here.
        if (!loaded() && !(await marker.get())) return undefined as never
        return (await load()).eip1193 as never
      },
      async isAuthorized() {
        if (!loaded() && !(await marker.get())) return false
        try {
          if ((await load()).hasLiveSession()) return true
        } catch {}
        await marker.clear()
        return false
      },
      async switchChain(options) {
        return (await load()).switchChain(options as never)
      },
      onAccountsChanged(accounts) {
        if (loaded()) void load().then((c) => c.onAccountsChanged(accounts))
      },
      onChainChanged(chain) {
        if (loaded()) void load().then((c) => c.onChainChanged(chain))
      },
      onDisconnect() {
        if (loaded()) void load().then((c) => c.onDisconnect())
      },
    }
  })
}
