import {
  type Config,
  type Connection,
  type CreateConnectorFn,
  connect,
  createConfig,
  disconnect,
  injected,
  reconnect,
  switchChain,
  switchConnection,
  type Transport,
  watchConnectors,
} from '@wagmi/core'
import { type Chain, formatUnits, hexToBigInt } from 'viem'
import { settleWithin } from '../../controller/context.js'
import { ConnectorNotFoundError, NetworkNotFoundError } from '../../errors/errors.js'
import type { CaipNetwork } from '../../networks/types.js'
import { latchTransport } from '../../rpc/transport.js'
import { defaultStorageBackend, type StorageBackend } from '../../storage/backend.js'
import { createAdapterEmitter } from '../shared/emitter.js'
import type { AdapterEvents, ChainAdapter, ConnectResult } from '../types.js'
import { watchAnnouncedWallets } from './announced.js'
import { toLatchConnectors } from './connectors.js'
import type { EvmNetwork } from './networks.js'
import { createWagmiStorage } from './storage.js'
import { eip155Traits } from './traits.js'

/**
 * How long wagmi gets to disconnect before the adapter forgets the connection itself; below the
 * controller's 3 s bound so that the local state is clean when that resolves.
 */
export const WALLET_DISCONNECT_WAIT_MS = 2_500

/** docs/behaviour.md#limits: balance and native balance are cached for 30 seconds. */
export const BALANCE_CACHE_MS = 30_000

export interface EvmAdapterParameters {
  networks: readonly EvmNetwork[]
  /** Extra wagmi connectors (WalletConnect, a test wallet, …); legacy injected is always there. */
  connectors?: CreateConnectorFn[] | undefined
  /** Per chain id; defaults to the Latch RPC policy transport on the network's first RPC url. */
  transports?: Record<number, Transport> | undefined
  storage?: StorageBackend | undefined
  /** Where network icons are served, for wallet_addEthereumChain's iconUrls. */
  assetImageUrl?: ((imageId: string) => string) | undefined
  /** Off in tests that want full control over which wallets exist. Default true. */
  multiInjectedProviderDiscovery?: boolean | undefined
}

export interface EvmAdapter extends ChainAdapter {
  readonly namespace: 'eip155'
  /** The wagmi config, so that an app can use wagmi hooks beside Latch. */
  readonly wagmiConfig: Config
}

export function createEvmAdapter(parameters: EvmAdapterParameters): EvmAdapter {
  const { networks } = parameters
  if (networks.length === 0) throw new NetworkNotFoundError()
  const chains = networks as unknown as readonly [Chain, ...Chain[]]
  const transports =
    parameters.transports ??
    Object.fromEntries(networks.map((n) => [n.id, latchTransport(n.rpcUrls.default.http[0] ?? '')]))
  const { emit, ...events } = createAdapterEmitter()

  // The wagmi config is made on first use (the controller's start, or an app reading
  // `wagmiConfig`), not with the adapter: creating it reads the persisted connections from storage
  // and sets up every connector, work that would otherwise come before the page's first paint.
  let wagmi: ReturnType<typeof createWagmi> | undefined
  const wagmiConfig = (): Config => {
    wagmi ??= createWagmi()
    return wagmi.config
  }
  const getConnectors = () =>
    toLatchConnectors(wagmiConfig().connectors, wagmi?.discovery?.list() ?? [])

  // A dapp that renders its own <WagmiProvider config={adapter.wagmiConfig}> has wagmi reconnect
  // while rendering, before Latch starts. wagmi runs one reconnect at a time and answers a second
  // caller with nothing, so Latch joins the reconnect it sees starting rather than running its own
  // (docs/wagmi.md).
  let latchIsConnecting = false
  let latchIsDisconnecting = false
  let outsideReconnect: Promise<void> | undefined
  let settleOutside: (() => void) | undefined
  const toResult = (c: Pick<Connection, 'accounts' | 'chainId' | 'connector'>): ConnectResult => ({
    connectorId: c.connector.id,
    accounts: c.accounts.map((address) => ({ address })),
    chainId: c.chainId,
  })
  const currentConnections = (): ConnectResult[] => {
    const { connections, current } = wagmiConfig().state
    const list = [...connections.values()]
    list.sort((a, b) => Number(b.connector.uid === current) - Number(a.connector.uid === current))
    return list.map(toResult)
  }

  function createWagmi() {
    const config = createConfig({
      chains,
      connectors: [injected(), ...(parameters.connectors ?? [])],
      transports,
      storage: createWagmiStorage(parameters.storage ?? defaultStorageBackend()),
      multiInjectedProviderDiscovery: parameters.multiInjectedProviderDiscovery ?? true,
    })
    const discovery =
      (parameters.multiInjectedProviderDiscovery ?? true) ? watchAnnouncedWallets() : undefined
    const connectors = () => toLatchConnectors(config.connectors, discovery?.list() ?? [])
    // wagmi adds a connector per announced wallet; the announcement itself may arrive just before
    // or after that, so either change re-emits the list.
    const unsubscribeConnectors = watchConnectors(config, {
      onChange: () => emit('connectors', connectors()),
    })
    const unsubscribeAnnounced = discovery?.subscribe(() => emit('connectors', connectors()))
    // A WalletConnect connector offers its pairing URI, and the relay's refusals, as messages
    // (docs/walletconnect.md).
    const unsubscribeMessages = config.connectors.map((connector) => {
      const onMessage = ({ type, data }: { type: string; data?: unknown }) => {
        if (type === 'alert') emit('alert', data as AdapterEvents['alert'])
        if (type !== 'pairing') return
        const { uri, expiresAt } = data as { uri: string; expiresAt: number }
        emit('pairing', { connectorId: connector.id, uri, expiresAt })
      }
      connector.emitter.on('message', onMessage)
      return () => connector.emitter.off('message', onMessage)
    })
    const unsubscribeStatus = config.subscribe(
      (state) => state.status,
      (status) => {
        if (latchIsConnecting) return
        if ((status === 'reconnecting' || status === 'connecting') && !settleOutside)
          outsideReconnect = new Promise((resolve) => {
            settleOutside = resolve
          })
        if ((status === 'connected' || status === 'disconnected') && settleOutside) {
          settleOutside()
          settleOutside = undefined
        }
      },
    )
    // Changes to an established connection (made in the wallet, not through Latch) become adapter
    // events; connect, reconnect and disconnect report their own results.
    // wagmi deletes a wallet-ended connection from its Map in place, so the previous state no
    // longer holds it: the connections as last seen are kept here to compare against.
    let seen = new Map(config.state.connections)
    const unsubscribeState = config.subscribe(
      (state) => state,
      (state, previous) => {
        const before = seen
        seen = new Map(state.connections)
        // A wallet that ends the last connection leaves wagmi 'disconnected': that is news too,
        // unless Latch itself is disconnecting (its action reports that).
        const endedByWallet =
          previous.status === 'connected' &&
          state.status === 'disconnected' &&
          !latchIsDisconnecting
        if (state.status !== 'connected' && !endedByWallet) return
        for (const [uid, was] of before) {
          const after = state.connections.get(uid)
          const connectorId = was.connector.id
          if (!after) {
            emit('disconnect', { connectorId })
            continue
          }
          if (after.accounts[0] && after.accounts[0] !== was.accounts[0])
            emit('accountChanged', {
              connectorId,
              address: after.accounts[0],
              accounts: after.accounts.map((address) => ({ address })),
            })
          if (after.chainId !== was.chainId)
            emit('switchNetwork', { connectorId, chainId: after.chainId })
        }
      },
    )
    return {
      config,
      discovery,
      unsubscribe() {
        unsubscribeConnectors()
        unsubscribeAnnounced?.()
        for (const unsubscribe of unsubscribeMessages) unsubscribe()
        discovery?.destroy()
        unsubscribeStatus()
        unsubscribeState()
      },
    }
  }

  const findConnector = (connectorId: string) => {
    const connector = wagmiConfig().connectors.find(
      (c) => c.id.toLowerCase() === connectorId.toLowerCase(),
    )
    if (!connector) throw new ConnectorNotFoundError(connectorId)
    return connector
  }

  const balances = new Map<
    string,
    { value: { balance: string; symbol: string }; expiresAt: number }
  >()

  return {
    namespace: 'eip155',
    traits: eip155Traits,
    networks,
    get wagmiConfig() {
      return wagmiConfig()
    },
    on: events.on,
    getConnectors,
    async connect({ connectorId }) {
      const connector = findConnector(connectorId)
      latchIsConnecting = true
      const result = await connect(wagmiConfig(), { connector }).finally(() => {
        latchIsConnecting = false
      })
      return {
        connectorId: connector.id,
        accounts: result.accounts.map((address) => ({ address })),
        chainId: result.chainId,
      }
    },
    async reconnect() {
      if (outsideReconnect) {
        await outsideReconnect
        return currentConnections()
      }
      latchIsConnecting = true
      try {
        return (await reconnect(wagmiConfig())).map(toResult)
      } finally {
        latchIsConnecting = false
      }
    },
    async disconnect({ connectorId } = {}) {
      const { connections } = wagmiConfig().state
      // Without an id, every connection goes (several wallets may be connected).
      if (!connectorId && connections.size > 1) {
        for (const connection of [...connections.values()])
          await this.disconnect({ connectorId: connection.connector.id })
        return
      }
      const { current } = wagmiConfig().state
      const connector = connectorId
        ? findConnector(connectorId)
        : current
          ? connections.get(current)?.connector
          : undefined
      latchIsDisconnecting = true
      const answered = await settleWithin(
        disconnect(wagmiConfig(), connector ? { connector } : {}).then(() => true),
        WALLET_DISCONNECT_WAIT_MS,
      ).finally(() => {
        latchIsDisconnecting = false
      })
      if (answered) return
      // The wallet never answered. Forget the connection here too, or wagmi would keep it and
      // revive it on the next load.
      wagmiConfig().setState((state) => {
        const remaining = new Map(state.connections)
        for (const [uid, connection] of remaining)
          if (!connector || connection.connector.uid === connector.uid) remaining.delete(uid)
        const next = remaining.values().next().value
        return {
          ...state,
          connections: remaining,
          current: next?.connector.uid ?? null,
          status: remaining.size > 0 ? state.status : 'disconnected',
        }
      })
      const ids = connector ? [connector.id] : [...connections.values()].map((c) => c.connector.id)
      for (const id of ids) await wagmiConfig().storage?.setItem(`${id}.disconnected`, true)
    },
    async switchConnection({ connectorId }) {
      await switchConnection(wagmiConfig(), { connector: findConnector(connectorId) })
    },
    async switchNetwork({ network }) {
      const chainId = Number(network.id)
      const imageUrl = network.assets.imageUrl ?? parameters.assetImageUrl?.(network.assets.imageId)
      const explorer = network.blockExplorers?.default.url
      await switchChain(wagmiConfig(), {
        chainId,
        // Used only when the wallet answers 4902 (it does not know the chain).
        addEthereumChainParameter: {
          chainName: network.name,
          nativeCurrency: network.nativeCurrency,
          rpcUrls: [...network.rpcUrls.default.http],
          blockExplorerUrls: explorer ? [explorer] : undefined,
          iconUrls: imageUrl ? [imageUrl] : undefined,
        },
      })
    },
    async getBalance({ address, network }: { address: string; network: CaipNetwork }) {
      const key = `${network.caipNetworkId}:${address.toLowerCase()}`
      const cached = balances.get(key)
      if (cached && cached.expiresAt > Date.now()) return cached.value
      // eth_getBalance itself: wagmi's getBalance takes viem's multicall path (eth_call, the ABI
      // coder, deployless bytecode, abitype), about 19 KiB gzip on every page for one number.
      const chainId = Number(network.id)
      const chain = wagmiConfig().chains.find((c) => c.id === chainId)
      const hex = await wagmiConfig()
        .getClient({ chainId })
        .request({
          method: 'eth_getBalance',
          params: [address as `0x${string}`, 'latest'],
        })
      const { decimals, symbol } = (chain ?? network).nativeCurrency
      const value = { balance: formatUnits(hexToBigInt(hex), decimals), symbol }
      balances.set(key, { value, expiresAt: Date.now() + BALANCE_CACHE_MS })
      return value
    },
    async signMessage({ address, message }) {
      // Loaded on first use: most pages never sign (docs/benchmarks.md, web budget).
      const { personalSign } = await import('./signMessage.js')
      return personalSign(wagmiConfig(), { address, message })
    },
    async estimateSend(parameters) {
      const { estimateEvmSend } = await import('./send.js')
      return estimateEvmSend(wagmiConfig(), parameters)
    },
    async sendToken(parameters) {
      const { sendEvm } = await import('./send.js')
      const hash = await sendEvm(wagmiConfig(), parameters)
      // The next balance read asks the chain again.
      balances.clear()
      return hash
    },
    async waitForTransaction(parameters) {
      const { waitForEvmTransaction } = await import('./send.js')
      const result = await waitForEvmTransaction(wagmiConfig(), parameters)
      balances.clear()
      return result
    },
    destroy() {
      wagmi?.unsubscribe()
      events.clear()
    },
  }
}
