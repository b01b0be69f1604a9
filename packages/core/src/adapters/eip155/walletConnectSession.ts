/**
 * The WalletConnect connector's EIP-155 work (it is a wagmi connector: EVM accounts and chains), loaded with the SDK on the visitor's pick (or on a page load
 * that finds a session): connect and pairing, accounts and chains, switching, the session's events.
 * connector.ts keeps only what wagmi asks of every connector on every page load.
 */
import type { CreateConnectorFn } from '@wagmi/core'
import { type Address, getAddress, numberToHex, SwitchChainError } from 'viem'
import {
  WalletConnectNotConnectedError,
  WalletConnectOtherNamespaceError,
} from '../walletConnect/errors.js'
import { sessionMarker } from '../walletConnect/marker.js'
import {
  PAIRING_EXPIRY_MS,
  type PairingMessage,
  type WalletConnectParameters,
} from '../walletConnect/parameters.js'
import {
  createWalletConnectProvider,
  pairWithWallet,
  toProviderError,
} from '../walletConnect/session.js'
import type { WalletConnectSession } from '../walletConnect/sessions.js'

type Config = Parameters<CreateConnectorFn>[0]
type Provider = Awaited<ReturnType<typeof createWalletConnectProvider>>
type Session = NonNullable<Provider['session']>

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

export async function createSessionConnector(config: Config, parameters: WalletConnectParameters) {
  const provider = await createWalletConnectProvider({
    projectId: parameters.projectId,
    relayUrl: parameters.relayUrl,
    metadata: parameters.metadata,
    networks: parameters.networks,
    storagePrefix: parameters.storagePrefix,
    // The relay refusing the app (docs/walletconnect.md#relay-refusals-as-alerts): the adapter
    // passes it on to the alerts, as it does the pairing URI.
    onAlert: (alert) => config.emitter.emit('message', { type: 'alert', data: alert }),
  })
  const marker = sessionMarker(config)
  const sessions = parameters.sessions
  let chainId = config.chains[0].id
  // The topic of the session last seen: a deleted session is gone from the provider already.
  let topic: string | undefined
  const live = () => {
    const session = provider.session
    return session !== undefined && session.expiry * 1000 > Date.now() ? session : undefined
  }
  /** Ends the session for every namespace, once, whichever namespace asked. */
  let ending: Promise<void> | undefined
  const end = () => {
    ending ??= (async () => {
      const ended = provider.session?.topic ?? topic
      onDisconnect()
      if (provider.session) await provider.disconnect().catch(() => undefined)
      if (ended) sessions?.ended(ended)
    })().finally(() => {
      ending = undefined
    })
    return ending
  }
  /** The session as the other namespaces' adapters see it. */
  const shared = (): WalletConnectSession | undefined => {
    const session = live()
    if (!session) return undefined
    topic = session.topic
    const { name, icons } = session.peer.metadata
    return { client: provider.client, topic: session.topic, peer: { name, icon: icons[0] }, end }
  }

  const onAccountsChanged = (accounts: string[]) => {
    // The provider says [] for a chain the session has no account on yet (a chain the wallet
    // is adding): not a disconnect, which WalletConnect signals with session_delete.
    if (accounts.length === 0) return
    config.emitter.emit('change', { accounts: accounts.map((a) => getAddress(a)) })
  }
  const onChainChanged = (chain: string | number) => {
    const text = String(chain)
    const next = Number(text.includes(':') ? text.split(':')[1] : text)
    if (!Number.isFinite(next) || next === chainId) return
    chainId = next
    config.emitter.emit('change', { chainId: next })
  }
  const onDisconnect = () => {
    void marker.clear()
    config.emitter.emit('disconnect')
  }
  // The wallet ended the session: every namespace's connection through it goes.
  const onDelete = (payload?: { topic?: string }) => {
    onDisconnect()
    const ended = payload?.topic ?? topic
    if (ended) sessions?.ended(ended)
  }
  provider.on('accountsChanged', onAccountsChanged)
  provider.on('chainChanged', onChainChanged)
  provider.on('session_update', () => {
    const accounts = evmAccountsOf(provider.session, chainId)
    if (accounts.length) config.emitter.emit('change', { accounts })
  })
  provider.on('session_delete', onDelete)

  // The EIP-1193 face wagmi and viem talk to: every request on the connection's current chain.
  const eip1193 = {
    request: (args: { method: string; params?: unknown }) =>
      provider.request(args as never, `eip155:${chainId}`).catch((error: unknown) => {
        throw toProviderError(error)
      }),
    on: provider.on.bind(provider),
    removeListener: provider.removeListener.bind(provider),
  }

  return {
    eip1193,
    hasLiveSession: () => live() !== undefined,
    session: shared,
    async connect(options: { chainId?: number | undefined; isReconnecting?: boolean } = {}) {
      if (!provider.session) {
        if (options.isReconnecting) throw new WalletConnectNotConnectedError()
        await pairWithWallet(provider, parameters.networks, {
          expiryMs: parameters.pairingExpiryMs ?? PAIRING_EXPIRY_MS,
          maxRefreshes: parameters.maxPairingRefreshes ?? 5,
          onUri: (uri, expiresAt) => {
            const message: PairingMessage = { type: 'pairing', data: { uri, expiresAt } }
            config.emitter.emit('message', message)
          },
        })
      }
      // The other namespaces the wallet approved connect through their adapters, beside this (a
      // reload restores them through their own reconnect instead).
      const session = options.isReconnecting ? undefined : shared()
      const others = session && sessions?.approved(session)
      await marker.set()
      const chains = evmChainsOf(provider.session)
      const wanted = options.chainId ?? chainId
      chainId = chains.includes(wanted) ? wanted : (chains[0] ?? wanted)
      const accounts = evmAccountsOf(provider.session, chainId)
      if (accounts.length === 0) {
        // No EVM account: a wallet of another family only (Bitcoin), whose adapter took it.
        const outcome = await others
        const [connected] = outcome?.connected ?? []
        if (connected) throw new WalletConnectOtherNamespaceError(connected)
        throw outcome?.errors[0] ?? new WalletConnectNotConnectedError()
      }
      provider.setDefaultChain(`eip155:${chainId}`)
      return { accounts, chainId }
    },
    async disconnect() {
      await marker.clear()
      const ended = provider.session?.topic ?? topic
      if (provider.session) await provider.disconnect().catch(() => undefined)
      // The other namespaces' connections were through the same session.
      if (ended) sessions?.ended(ended)
    },
    getAccounts: () => evmAccountsOf(provider.session, chainId),
    getChainId: () => chainId,
    async switchChain({
      chainId: next,
      addEthereumChainParameter,
    }: {
      chainId: number
      addEthereumChainParameter?: Record<string, unknown> | undefined
    }) {
      const chain = config.chains.find((c) => c.id === next)
      if (!chain) throw new SwitchChainError(new Error('Chain is not configured'))
      const hex = numberToHex(next)
      if (!evmChainsOf(provider.session).includes(next)) {
        // The wallet did not approve this chain: ask it to switch, and to add it when it does
        // not know it (4902). It may refuse either.
        try {
          await provider.request(
            { method: 'wallet_switchEthereumChain', params: [{ chainId: hex }] },
            `eip155:${chainId}`,
          )
        } catch (error) {
          const code = (error as { code?: number }).code
          if (code !== 4902 && !/unrecognized|not added|unknown chain/i.test(String(error)))
            throw new SwitchChainError(toProviderError(error) as Error)
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
    onAccountsChanged,
    onChainChanged,
    onDisconnect,
  }
}

export type SessionConnector = Awaited<ReturnType<typeof createSessionConnector>>
