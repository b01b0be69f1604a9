import { type CreateConnectorFn, createConnector } from '@wagmi/core'
import { type Address, getAddress, numberToHex, SwitchChainError } from 'viem'
import type { CaipNetwork } from '../../networks/types.js'
import { WalletConnectNotConnectedError } from './errors.js'
// Types only: the SDK itself loads with ./session.js, on first use.
import type { WalletConnectSessionOptions } from './session.js'

export const WALLET_CONNECT_CONNECTOR_ID = 'walletConnect'

/** docs/behaviour.md#limits: a pairing URI is offered for 4 minutes, then replaced. */
export const PAIRING_EXPIRY_MS = 4 * 60_000

export interface WalletConnectParameters {
  /** The WalletConnect Cloud project id (LATCH_WALLETCONNECT_PROJECT_ID). */
  projectId: string
  /** The relay; WalletConnect's hosted one when absent. The dev relay in development. */
  relayUrl?: string | undefined
  /** How the dapp introduces itself in the wallet. */
  metadata: WalletConnectSessionOptions['metadata']
  /**
   * Every network of every adapter the app configured: the session proposal asks for all of
   * their namespaces, so one pairing serves each (docs/walletconnect.md#namespaces).
   */
  networks: readonly CaipNetwork[]
  pairingExpiryMs?: number | undefined
  /** Fresh URIs offered before the attempt fails (default 5: 20 minutes at the default expiry). */
  maxPairingRefreshes?: number | undefined
  storagePrefix?: string | undefined
  icon?: string | undefined
}

/** The connector's 'message' event carrying the URI to show, for the EVM adapter to pass on. */
export interface PairingMessage {
  type: 'pairing'
  data: { uri: string; expiresAt: number }
}

/** Set while a session exists, so a page load knows whether to load the SDK at all. */
const SESSION_MARKER = 'walletConnect.session'

type Session = NonNullable<Awaited<ReturnType<typeof loadSdk>>['provider']['session']>

async function loadSdk(options: WalletConnectSessionOptions) {
  const sdk = await import('./session.js')
  return { sdk, provider: await sdk.createWalletConnectProvider(options) }
}

const evmAccountsOf = (session: Session | undefined, chainId: number): Address[] => {
  const accounts = session?.namespaces.eip155?.accounts ?? []
  const onChain = accounts.filter((a: string) => a.startsWith(`eip155:${chainId}:`))
  const list = (onChain.length ? onChain : accounts).map((a: string) =>
    getAddress(a.split(':')[2] ?? ''),
  )
  return [...new Set(list)]
}
const evmChainsOf = (session: Session | undefined): number[] => [
  ...new Set(
    [
      ...(session?.namespaces.eip155?.chains ?? []),
      ...(session?.namespaces.eip155?.accounts ?? []).map((a: string) =>
        a.split(':').slice(0, 2).join(':'),
      ),
    ].map((c) => Number(c.split(':')[1])),
  ),
]

/**
 * WalletConnect v2 as a wagmi connector over WalletConnect's universal provider. Nothing of the
 * SDK loads until `connect`, or until a page load finds a session of an earlier visit.
 */
export function walletConnect(parameters: WalletConnectParameters): CreateConnectorFn {
  const sessionOptions: WalletConnectSessionOptions = {
    projectId: parameters.projectId,
    relayUrl: parameters.relayUrl,
    metadata: parameters.metadata,
    networks: parameters.networks,
    storagePrefix: parameters.storagePrefix,
  }
  let loading: ReturnType<typeof loadSdk> | undefined
  const load = () => {
    loading ??= loadSdk(sessionOptions)
    loading.catch(() => {
      loading = undefined
    })
    return loading
  }

  return createConnector((config) => {
    let chainId = config.chains[0].id
    let bound = false
    const marker = {
      set: () => config.storage?.setItem(SESSION_MARKER as never, true as never),
      clear: () => config.storage?.removeItem(SESSION_MARKER as never),
      get: async () => Boolean(await config.storage?.getItem(SESSION_MARKER as never)),
    }
    const eip1193 = async () => {
      const { provider } = await load()
      return {
        request: (args: { method: string; params?: unknown }) =>
          provider.request(args as never, `eip155:${chainId}`).catch(async (error: unknown) => {
            throw (await import('./session.js')).toProviderError(error)
          }),
        on: provider.on.bind(provider),
        removeListener: provider.removeListener.bind(provider),
      }
    }
    const bind = async () => {
      if (bound) return
      bound = true
      const { provider } = await load()
      provider.on('accountsChanged', (accounts: string[]) => connector.onAccountsChanged(accounts))
      provider.on('chainChanged', (chain: string | number) =>
        connector.onChainChanged(String(chain)),
      )
      provider.on('session_update', () => {
        const accounts = evmAccountsOf(provider.session, chainId)
        if (accounts.length) config.emitter.emit('change', { accounts })
      })
      provider.on('session_delete', () => connector.onDisconnect())
    }

    const connector = {
      id: WALLET_CONNECT_CONNECTOR_ID,
      name: 'WalletConnect',
      type: 'walletConnect',
      icon: parameters.icon,
      async connect(options: { chainId?: number | undefined; isReconnecting?: boolean } = {}) {
        const { sdk, provider } = await load()
        if (!provider.session) {
          if (options.isReconnecting) throw new WalletConnectNotConnectedError()
          await sdk.pairWithWallet(provider, parameters.networks, {
            expiryMs: parameters.pairingExpiryMs ?? PAIRING_EXPIRY_MS,
            maxRefreshes: parameters.maxPairingRefreshes ?? 5,
            onUri: (uri, expiresAt) =>
              config.emitter.emit('message', { type: 'pairing', data: { uri, expiresAt } }),
          })
        }
        await bind()
        await marker.set()
        const chains = evmChainsOf(provider.session)
        const wanted = options.chainId ?? chainId
        chainId = chains.includes(wanted) ? wanted : (chains[0] ?? wanted)
        provider.setDefaultChain(`eip155:${chainId}`)
        const accounts = evmAccountsOf(provider.session, chainId)
        if (accounts.length === 0) throw new WalletConnectNotConnectedError()
        return { accounts, chainId } as never
      },
      async disconnect() {
        await marker.clear()
        const { provider } = await load()
        if (provider.session) await provider.disconnect().catch(() => undefined)
      },
      async getAccounts() {
        if (!loading) return []
        const { provider } = await load()
        return evmAccountsOf(provider.session, chainId)
      },
      async getChainId() {
        return chainId
      },
      async getProvider() {
        // wagmi asks every connector for its provider on each page load: only a visitor with a
        // WalletConnect session from an earlier visit pays for loading the SDK.
        if (!loading && !(await marker.get())) return undefined as never
        return (await eip1193()) as never
      },
      async isAuthorized() {
        if (!loading && !(await marker.get())) return false
        try {
          const { provider } = await load()
          const session = provider.session
          if (session && session.expiry * 1000 > Date.now()) return true
        } catch {}
        await marker.clear()
        return false
      },
      async switchChain({
        chainId: next,
        addEthereumChainParameter,
      }: {
        chainId: number
        addEthereumChainParameter?: Record<string, unknown> | undefined
      }) {
        const chain = config.chains.find((c) => c.id === next)
        if (!chain) throw new SwitchChainError(new Error('Chain is not configured'))
        const { provider } = await load()
        const hex = numberToHex(next)
        if (!evmChainsOf(provider.session).includes(next)) {
          // The wallet did not approve this chain: ask it to add and switch (it may refuse).
          try {
            await provider.request(
              { method: 'wallet_switchEthereumChain', params: [{ chainId: hex }] },
              `eip155:${chainId}`,
            )
          } catch (error) {
            const code = (error as { code?: number }).code
            if (code !== 4902 && !/unrecognized|not added|unknown chain/i.test(String(error)))
              throw new SwitchChainError(
                (await import('./session.js')).toProviderError(error) as Error,
              )
            await provider.request(
              {
                method: 'wallet_addEthereumChain',
                params: [
                  {
                    chainId: hex,
                    chainName: chain.name,
                    nativeCurrency: chain.nativeCurrency,
                    rpcUrls: [...chain.rpcUrls.default.http],
                    ...addEthereumChainParameter,
                  },
                ],
              },
              `eip155:${chainId}`,
            )
          }
        }
        chainId = next
        provider.setDefaultChain(`eip155:${next}`)
        config.emitter.emit('change', { chainId: next })
        return chain
      },
      onAccountsChanged(accounts: string[]) {
        // The provider says [] for a chain the session has no account on yet (a chain the wallet
        // is adding): not a disconnect, which WalletConnect signals with session_delete.
        if (accounts.length === 0) return
        config.emitter.emit('change', { accounts: accounts.map((a) => getAddress(a)) })
      },
      onChainChanged(chain: string) {
        const next = Number(chain.includes(':') ? chain.split(':')[1] : chain)
        if (!Number.isFinite(next) || next === chainId) return
        chainId = next
        config.emitter.emit('change', { chainId: next })
      },
      onDisconnect() {
        void marker.clear()
        config.emitter.emit('disconnect')
      },
    }
    return connector
  })
}
