import { connectorNotFound } from '../../errors/connectorNotFound.js'
import {
  ConnectorChainsUnsupportedError,
  ConnectorNotFoundError,
  NetworkNotFoundError,
} from '../../errors/errors.js'
import type { CaipNetwork } from '../../networks/types.js'
import { defaultStorageBackend, type StorageBackend } from '../../storage/backend.js'
import { createAdapterEmitter } from '../shared/emitter.js'
import type { ChainAdapter, ConnectResult, SendEstimate, SendParameters } from '../types.js'
import type { WalletConnectSessions } from '../walletConnect/sessions.js'
import { accountsOn, keepActiveFirst, type PolkadotAccount, toAdapterAccounts } from './accounts.js'
import { createChainApis } from './api.js'
import { formatPlanck, type PolkadotBalance } from './balance.js'
import { POLKADOT_CONNECTION_KEY, RECONNECT_WAIT_MS } from './connection.js'
import { PolkadotWalletError, walletError } from './errors.js'
import {
  type InjectedAccount,
  type InjectedExtension,
  type PolkadotExtension,
  polkadotConnectors,
  watchPolkadotExtensions,
} from './extensions.js'
import { readBalance } from './read.js'
import { messageHex } from './sign.js'
import { polkadotTraits } from './traits.js'
import { createTransfers, type PolkadotSendDetail, type TransactionStage } from './transfer.js'
import {
  restoredSessionExtension,
  type SessionExtension,
  sessionExtension,
  WALLET_CONNECT_CONNECTOR_ID,
} from './walletConnectSession.js'

export { POLKADOT_CONNECTION_KEY, RECONNECT_WAIT_MS } from './connection.js'

const RECONNECT_POLL_MS = 100

export interface PolkadotAdapterParameters {
  networks: readonly CaipNetwork[]
  /** The name the extensions show when they ask the visitor (`enable(appName)`). */
  appName?: string | undefined
  storage?: StorageBackend | undefined
  /**
   * The page's WalletConnect sessions, shared with its WalletConnect connector: what a phone
   * wallet approves in `polkadot` there connects here (docs/polkadot.md#walletconnect).
   */
  walletConnect?: WalletConnectSessions | undefined
}

export interface PolkadotAdapter extends ChainAdapter {
  readonly namespace: 'polkadot'
  /** The connected accounts with their names and key types, the active one first. */
  getAccounts(): readonly PolkadotAccount[]
  /** Makes another connected account the active one (an account picker). */
  selectAccount(address: string): Promise<void>
  /** free, reserved, frozen and transferable, in planck. */
  getBalances(parameters: { address: string; network: CaipNetwork }): Promise<PolkadotBalance>
  estimateSend(parameters: SendParameters): Promise<SendEstimate<PolkadotSendDetail>>
  signMessage: NonNullable<ChainAdapter['signMessage']>
  sendToken: NonNullable<ChainAdapter['sendToken']>
  /** Resolves when the transaction is finalized (after `inBlock`), or fails with the chain's reason. */
  waitForTransaction: NonNullable<ChainAdapter['waitForTransaction']>
  /** The stages of a transaction this page sent: ready, inBlock, then finalized. */
  watchTransaction(hash: string, listener: (stage: TransactionStage) => void): () => void
}

interface Connection {
  extension: PolkadotExtension
  injected: InjectedExtension
  all: InjectedAccount[]
  accounts: PolkadotAccount[]
  off: () => void
  /** Set when the connection is a WalletConnect session's polkadot side. */
  session?: SessionExtension | undefined
}

export function createPolkadotAdapter(parameters: PolkadotAdapterParameters): PolkadotAdapter {
  const { networks } = parameters
  if (networks.length === 0 || networks.some((n) => n.chainNamespace !== 'polkadot'))
    throw new NetworkNotFoundError()
  const storage = parameters.storage ?? defaultStorageBackend()
  const appName = parameters.appName ?? 'Latch'
  const { emit, ...events } = createAdapterEmitter()
  const apis = createChainApis()
  const transfers = createTransfers(apis)
  let network = networks[0] as CaipNetwork
  let connected: Connection | undefined

  let watcher: ReturnType<typeof watchPolkadotExtensions> | undefined
  const extensions = () => {
    watcher ??= watchPolkadotExtensions(() =>
      emit('connectors', polkadotConnectors(watcher?.list() ?? [], networks)),
    )
    return watcher
  }

  async function waitForExtension(id: string, waitMs: number) {
    const deadline = Date.now() + waitMs
    for (;;) {
      const found = extensions().find(id)
      if (found || Date.now() >= deadline) return found
      await new Promise((resolve) => setTimeout(resolve, RECONNECT_POLL_MS))
    }
  }

  function announce(current: Connection) {
    emit('accountChanged', {
      connectorId: current.extension.id,
      address: (current.accounts[0] as PolkadotAccount).address,
      accounts: toAdapterAccounts(current.accounts),
    })
  }

  function drop(connectorId: string) {
    connected?.off()
    connected = undefined
    storage.removeItem(POLKADOT_CONNECTION_KEY)
    emit('disconnect', { connectorId })
  }

  /** Asks the extension (`enable`), reads its accounts and follows their changes. */
  async function open(
    extension: PolkadotExtension,
    on: CaipNetwork,
    silent: boolean,
    session?: SessionExtension,
  ) {
    let injected: InjectedExtension
    let all: InjectedAccount[]
    try {
      injected = await extension.entry.enable(appName)
      all = await injected.accounts.get()
    } catch (error) {
      if (silent) return null
      throw walletError(error, 'connect')
    }
    const accounts = accountsOn(all, on)
    if (accounts.length === 0) {
      if (silent) return null
      throw all.length > 0
        ? new ConnectorChainsUnsupportedError()
        : new PolkadotWalletError(`${extension.name} shared no account`)
    }
    connected?.off()
    const current: Connection = { extension, injected, all, accounts, off: () => {}, session }
    const unsubscribe = injected.accounts.subscribe((next) => {
      if (connected !== current) return
      current.all = next
      const mine = keepActiveFirst(accountsOn(next, network), current.accounts[0]?.address)
      if (mine.length === 0) return drop(extension.id)
      current.accounts = mine
      announce(current)
    })
    current.off = () => unsubscribe?.()
    connected = current
    network = on
    storage.setItem(POLKADOT_CONNECTION_KEY, extension.id)
    const result: ConnectResult = {
      connectorId: extension.id,
      accounts: toAdapterAccounts(accounts),
      chainId: on.id,
    }
    return result
  }

  const isSession = (topic?: string) =>
    connected?.session !== undefined && (topic === undefined || connected.session.topic === topic)

  /** A session's chain to start on: the one in use when the wallet approved it, else its first. */
  async function sessionNetwork(session: SessionExtension, preferred: CaipNetwork) {
    const all = await (await session.extension.entry.enable(appName)).accounts.get()
    if (accountsOn(all, preferred).length > 0) return preferred
    return networks.find((n) => accountsOn(all, n).length > 0) ?? preferred
  }

  async function openSession(session: SessionExtension, preferred: CaipNetwork, silent: boolean) {
    const on = await sessionNetwork(session, preferred)
    return open(session.extension, on, silent, session)
  }

  // What a phone wallet approves in `polkadot` through the page's WalletConnect pairing connects here.
  const unwatch = parameters.walletConnect?.watch('polkadot', {
    async approved(walletConnectSession) {
      const before = connected
      const result = await openSession(sessionExtension(walletConnectSession), network, false)
      if (!result) return false
      // The session replaces an extension connected before, as a connect would.
      if (before && before.extension.id !== result.connectorId)
        emit('disconnect', { connectorId: before.extension.id })
      emit('connected', result)
      return true
    },
    ended(topic) {
      if (isSession(topic)) drop(WALLET_CONNECT_CONNECTOR_ID)
    },
  })

  function accountFor(address: string): { injected: InjectedExtension; account: PolkadotAccount } {
    const account = connected?.accounts.find((a) => a.address === address)
    if (!connected || !account) throw new ConnectorNotFoundError(address)
    return { injected: connected.injected, account }
  }

  const adapter: PolkadotAdapter = {
    namespace: 'polkadot',
    traits: polkadotTraits,
    networks,
    on: events.on,
    getConnectors: () => polkadotConnectors(extensions().list(), networks),
    getAccounts: () => connected?.accounts ?? [],
    async connect({ connectorId, network: target }) {
      if (target && !networks.some((n) => n.caipNetworkId === target.caipNetworkId))
        throw new NetworkNotFoundError()
      // The polkadot side of the WalletConnect session, asked for by name (the controller
      // finishing a pairing whose wallet approved Polkadot only).
      if (connectorId === WALLET_CONNECT_CONNECTOR_ID && parameters.walletConnect) {
        const session = await restoredSessionExtension(parameters.walletConnect)
        if (!session) throw connectorNotFound(connectorId)
        return (await openSession(session, target ?? network, false)) as ConnectResult
      }
      const extension = await waitForExtension(connectorId, 0)
      if (!extension) throw connectorNotFound(connectorId)
      if (target && !networks.some((n) => n.caipNetworkId === target.caipNetworkId))
        throw new NetworkNotFoundError()
      return (await open(extension, target ?? network, false)) as ConnectResult
    },
    async reconnect() {
      const connectorId = storage.getItem(POLKADOT_CONNECTION_KEY)
      if (!connectorId) return []
      let result: ConnectResult | null = null
      if (connectorId === WALLET_CONNECT_CONNECTOR_ID) {
        // A WalletConnect session is found through its connector, which restores it from storage.
        const session = await restoredSessionExtension(parameters.walletConnect)
        if (session) result = await openSession(session, network, true).catch(() => null)
      } else {
        const extension = await waitForExtension(connectorId, RECONNECT_WAIT_MS)
        // An extension remembers the sites it let in: enable() answers without asking again.
        if (extension) result = await open(extension, network, true).catch(() => null)
      }
      if (!result) storage.removeItem(POLKADOT_CONNECTION_KEY)
      return result ? [result] : []
    },
    async disconnect() {
      // Extensions have no disconnect: the page forgets the connection and stops listening. A
      // WalletConnect session is ended, in the wallet too.
      const current = connected
      connected = undefined
      storage.removeItem(POLKADOT_CONNECTION_KEY)
      current?.off()
      await current?.session?.end().catch(() => undefined)
    },
    async switchNetwork({ network: target }) {
      if (!networks.some((n) => n.caipNetworkId === target.caipNetworkId))
        throw new NetworkNotFoundError()
      const current = connected
      if (current) {
        // Each network spells the accounts with its own prefix; some are kept for one chain.
        const mine = keepActiveFirst(
          accountsOn(current.all, target),
          accountsOn(current.all, network).find((a) => a.address === current.accounts[0]?.address)
            ?.address,
        )
        if (mine.length === 0)
          throw new PolkadotWalletError(
            `${current.extension.name} has no account on ${target.name}`,
          )
        current.accounts = mine
      }
      network = target
      if (current) {
        announce(current)
        emit('switchNetwork', { connectorId: current.extension.id, chainId: target.id })
      }
    },
    async selectAccount(address) {
      const current = connected
      if (!current?.accounts.some((a) => a.address === address))
        throw new ConnectorNotFoundError(address)
      current.accounts = keepActiveFirst(current.accounts, address)
      announce(current)
    },
    async getBalances({ address, network: on }) {
      return readBalance(await apis.api(on), address)
    },
    async getBalance({ address, network: on }) {
      const { transferable } = await adapter.getBalances({ address, network: on })
      return {
        balance: formatPlanck(transferable, on.nativeCurrency.decimals),
        symbol: on.nativeCurrency.symbol,
      }
    },
    async signMessage({ address, message }) {
      const { injected, account } = accountFor(address)
      if (!injected.signer.signRaw)
        throw new PolkadotWalletError('The extension cannot sign messages')
      try {
        // 'bytes': the extension signs <Bytes>message</Bytes>, never a transaction's bytes.
        const { signature } = await injected.signer.signRaw({
          address: account.address,
          data: messageHex(message),
          type: 'bytes',
        })
        return signature
      } catch (error) {
        throw walletError(error, 'sign the message')
      }
    },
    estimateSend: (send) => transfers.estimate(send),
    async sendToken(send) {
      const { injected } = accountFor(send.from)
      return transfers.send(send, injected.signer)
    },
    waitForTransaction: ({ hash }) => transfers.wait(hash),
    watchTransaction: (hash, listener) => transfers.watch(hash, listener),
    destroy() {
      watcher?.stop()
      unwatch?.()
      connected?.off()
      void apis.close()
    },
  }
  return adapter
}
