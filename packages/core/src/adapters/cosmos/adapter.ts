import { connectorNotFound } from '../../errors/connectorNotFound.js'
import { ConnectorNotFoundError, NetworkNotFoundError } from '../../errors/errors.js'
import type { CaipNetwork } from '../../networks/types.js'
import { defaultStorageBackend, type StorageBackend } from '../../storage/backend.js'
import { createAdapterEmitter } from '../shared/emitter.js'
import type { ChainAdapter, ConnectResult, SendEstimate, SendParameters } from '../types.js'
import type { WalletConnectSessions } from '../walletConnect/sessions.js'
import { type CosmosChain, denomOf, formatDenomAmount } from './chains.js'
import { COSMOS_CONNECTION_KEY, RECONNECT_WAIT_MS } from './connection.js'
import { CosmosInvalidAddressError, CosmosWalletError, walletError } from './errors.js'
import type { CosmosWallet } from './keplr.js'
import { chainOf, createRpcs } from './node.js'
import { allBalances, balanceOf, txCode } from './query.js'
import { estimate, sendOf, signAndBroadcast } from './send.js'
import { type CosmosSendDetail, cosmosTraits, isCosmosAddressOn } from './traits.js'
import { enableChain, keyOn, signerFor } from './wallet.js'
import { CosmosDirectUnsupportedError, isSessionWallet } from './walletConnect.js'
import {
  restoredSessionWallet,
  sessionWallet,
  WALLET_CONNECT_CONNECTOR_ID,
} from './walletConnectSession.js'
import { cosmosConnectors, watchCosmosWallets } from './wallets.js'

export { COSMOS_CONNECTION_KEY, RECONNECT_WAIT_MS } from './connection.js'

const RECONNECT_POLL_MS = 100

export interface CosmosAdapterParameters {
  /** Cosmos networks whose chain id chains.ts knows; the first is where a connect starts. */
  networks: readonly CaipNetwork[]
  storage?: StorageBackend | undefined
  /** How often and how long waitForTransaction polls the node (default 1 s, 10 min). */
  confirmPollMs?: number | undefined
  confirmTimeoutMs?: number | undefined
  fetch?: typeof fetch | undefined
  /**
   * The page's WalletConnect sessions, shared with its WalletConnect connector: what a phone
   * wallet approves in `cosmos` there connects here (docs/cosmos.md#walletconnect).
   */
  walletConnect?: WalletConnectSessions | undefined
}

/** One bank denom an account holds, in display units. */
export interface CosmosBalance {
  denom: string
  symbol: string
  decimals: number
  amount: string
}

export interface CosmosAdapter extends ChainAdapter {
  readonly namespace: 'cosmos'
  signMessage: NonNullable<ChainAdapter['signMessage']>
  estimateSend(parameters: SendParameters): Promise<SendEstimate<CosmosSendDetail>>
  sendToken: NonNullable<ChainAdapter['sendToken']>
  waitForTransaction: NonNullable<ChainAdapter['waitForTransaction']>
  /** Every bank denom `address` holds on `network`, the fee denom first. */
  getBalances(parameters: { address: string; network: CaipNetwork }): Promise<CosmosBalance[]>
}

interface Connection {
  wallet: CosmosWallet
  network: CaipNetwork
  chain: CosmosChain
  address: string
  pubKey: Uint8Array
  isNanoLedger: boolean
  off: () => void
}

interface Saved {
  connectorId: string
  chainId: string
}

function readSaved(storage: StorageBackend): Saved | undefined {
  try {
    const saved = JSON.parse(storage.getItem(COSMOS_CONNECTION_KEY) ?? 'null') as Saved | null
    return typeof saved?.connectorId === 'string' ? saved : undefined
  } catch {
    return undefined
  }
}

export function createCosmosAdapter(parameters: CosmosAdapterParameters): CosmosAdapter {
  const { networks } = parameters
  if (networks.length === 0 || networks.some((n) => n.chainNamespace !== 'cosmos'))
    throw new NetworkNotFoundError()
  for (const network of networks) chainOf(network)
  const storage = parameters.storage ?? defaultStorageBackend()
  const pollMs = parameters.confirmPollMs ?? 1_000
  const timeoutMs = parameters.confirmTimeoutMs ?? 10 * 60 * 1000
  const { emit, ...events } = createAdapterEmitter()
  const rpc = createRpcs(parameters.fetch)
  let network = networks[0] as CaipNetwork
  let connected: Connection | undefined

  let watcher: ReturnType<typeof watchCosmosWallets> | undefined
  const wallets = () => {
    watcher ??= watchCosmosWallets(() =>
      emit('connectors', cosmosConnectors(watcher?.list() ?? [], networks)),
    )
    return watcher
  }

  async function waitForWallet(id: string, waitMs: number): Promise<CosmosWallet | undefined> {
    const deadline = Date.now() + waitMs
    for (;;) {
      const found = wallets().find(id)
      if (found || Date.now() >= deadline) return found
      await new Promise((resolve) => setTimeout(resolve, RECONNECT_POLL_MS))
    }
  }

  const known = (target: CaipNetwork) => {
    const found = networks.find((n) => n.caipNetworkId === target.caipNetworkId)
    if (!found) throw new NetworkNotFoundError()
    return found
  }

  /** Follows the wallet's key changes: the account on the same chain is read again. */
  function listen(wallet: CosmosWallet): () => void {
    const target = (globalThis as { window?: Partial<EventTarget> }).window
    const onChange = () => {
      const current = connected
      if (!current || current.wallet !== wallet) return
      keyOn(wallet, current.chain).then(
        (key) => {
          if (connected !== current || key.bech32Address === current.address) return
          current.address = key.bech32Address
          current.pubKey = key.pubKey
          current.isNanoLedger = key.isNanoLedger
          emit('accountChanged', {
            connectorId: wallet.id,
            address: key.bech32Address,
            accounts: [{ address: key.bech32Address }],
          })
        },
        // The wallet locked or took the page's permission away: the connection is gone.
        () => drop(wallet.id),
      )
    }
    // A phone wallet tells through its WalletConnect session, not the window.
    if (isSessionWallet(wallet))
      return wallet.onSessionChange((change) => {
        if (!('disconnected' in change)) return onChange()
        if (connected?.wallet === wallet) drop(wallet.id)
      })
    target?.addEventListener?.(wallet.keystoreEvent, onChange)
    return () => target?.removeEventListener?.(wallet.keystoreEvent, onChange)
  }

  function drop(connectorId: string) {
    connected?.off()
    connected = undefined
    storage.removeItem(COSMOS_CONNECTION_KEY)
    emit('disconnect', { connectorId })
  }

  async function open(
    wallet: CosmosWallet,
    target: CaipNetwork,
    silent: boolean,
  ): Promise<ConnectResult> {
    const chain = chainOf(target)
    await enableChain(wallet, target, chain, { silent })
    const key = await keyOn(wallet, chain)
    connected?.off()
    network = target
    connected = {
      wallet,
      network: target,
      chain,
      address: key.bech32Address,
      pubKey: key.pubKey,
      isNanoLedger: key.isNanoLedger,
      off: listen(wallet),
    }
    const saved: Saved = { connectorId: wallet.id, chainId: chain.chainId }
    storage.setItem(COSMOS_CONNECTION_KEY, JSON.stringify(saved))
    return {
      connectorId: wallet.id,
      accounts: [{ address: key.bech32Address }],
      chainId: target.id,
    }
  }

  const isSession = (topic?: string) =>
    !!connected &&
    isSessionWallet(connected.wallet) &&
    (topic === undefined || connected.wallet.topic === topic)

  // What a phone wallet approves in `cosmos` through the page's WalletConnect pairing connects here.
  const unwatch = parameters.walletConnect?.watch('cosmos', {
    async approved(session) {
      const wallet = sessionWallet(session, storage)
      const approved = new Set(
        (session.client.session.get(session.topic).namespaces.cosmos?.accounts ?? []).map((a) =>
          a.slice(0, a.lastIndexOf(':')),
        ),
      )
      // The network in use when the session has it, else the app's first one the wallet approved.
      const target = [network, ...networks].find((n) => approved.has(n.caipNetworkId))
      if (!target) return false
      const before = connected
      const result = await open(wallet, target, false)
      // The session replaces a browser wallet connected before, as a connect would.
      if (before && before.wallet !== wallet && before.wallet.id !== result.connectorId) {
        void before.wallet
          .api()
          .disable?.(before.chain.chainId)
          .catch(() => undefined)
        emit('disconnect', { connectorId: before.wallet.id })
      }
      emit('connected', result)
      return true
    },
    ended(topic) {
      if (isSession(topic)) drop(WALLET_CONNECT_CONNECTOR_ID)
    },
  })

  function connectionOf(address: string): Connection {
    if (!connected || connected.address !== address) throw new ConnectorNotFoundError(address)
    return connected
  }

  function checkSend(send: SendParameters) {
    const on = known(send.network)
    const c = connectionOf(send.from)
    if (c.network.caipNetworkId !== on.caipNetworkId)
      throw new CosmosWalletError(`The wallet is connected on ${c.network.name}, not ${on.name}`)
    if (!isCosmosAddressOn(send.to, on)) throw new CosmosInvalidAddressError(send.to, on.name)
    const denom = send.tokenAddress ?? c.chain.denoms[0].base
    return { c, transfer: sendOf(send.from, send.to, send.value, denom) }
  }

  const adapter: CosmosAdapter = {
    namespace: 'cosmos',
    traits: cosmosTraits,
    networks,
    on: events.on,
    getConnectors: () => cosmosConnectors(wallets().list(), networks),
    async connect({ connectorId, network: target }) {
      // The cosmos side of the WalletConnect session, asked for by name (the controller finishing
      // a pairing whose wallet approved Cosmos only): connected already, or the live session's.
      if (connectorId === WALLET_CONNECT_CONNECTOR_ID && parameters.walletConnect) {
        if (connected && isSession())
          return {
            connectorId: connected.wallet.id,
            accounts: [{ address: connected.address }],
            chainId: connected.network.id,
          }
        const wallet = await restoredSessionWallet(parameters.walletConnect, storage)
        if (!wallet) throw connectorNotFound(connectorId)
        return open(wallet, target ? known(target) : network, false)
      }
      const wallet = await waitForWallet(connectorId, 0)
      if (!wallet) throw connectorNotFound(connectorId)
      return open(wallet, target ? known(target) : network, false)
    },
    async reconnect() {
      const saved = readSaved(storage)
      if (!saved) return []
      // A WalletConnect session is found through its connector, which restores it from storage.
      const wallet =
        saved.connectorId === WALLET_CONNECT_CONNECTOR_ID
          ? await restoredSessionWallet(parameters.walletConnect, storage)
          : await waitForWallet(saved.connectorId, RECONNECT_WAIT_MS)
      const on = networks.find((n) => String(n.id) === saved.chainId) ?? network
      const result = wallet ? await open(wallet, on, true).catch(() => null) : null
      if (!result) storage.removeItem(COSMOS_CONNECTION_KEY)
      return result ? [result] : []
    },
    async disconnect() {
      const current = connected
      connected = undefined
      storage.removeItem(COSMOS_CONNECTION_KEY)
      if (!current) return
      current.off()
      // Keplr 0.12+ forgets the page's permission; older wallets keep it (nothing to undo).
      await current.wallet
        .api()
        .disable?.(current.chain.chainId)
        .catch(() => undefined)
    },
    async switchNetwork({ network: target }) {
      const next = known(target)
      const current = connected
      if (current && current.network.caipNetworkId !== next.caipNetworkId) {
        // Each chain has its own address (prefix): the wallet is asked for the account there.
        const result = await open(current.wallet, next, false)
        const address = result.accounts[0]?.address as string
        emit('accountChanged', {
          connectorId: result.connectorId,
          address,
          accounts: result.accounts,
        })
        emit('switchNetwork', { connectorId: result.connectorId, chainId: next.id })
        return
      }
      network = next
    },
    async getBalance({ address, network: on }) {
      const chain = chainOf(on)
      const fee = chain.denoms[0]
      const units = await balanceOf(rpc(on), address, fee.base)
      return { balance: formatDenomAmount(units, fee.decimals), symbol: fee.symbol }
    },
    async getBalances({ address, network: on }) {
      const chain = chainOf(on)
      const coins = await allBalances(rpc(on), address)
      const rows = coins.map((coin) => {
        const denom = denomOf(chain, coin.denom)
        return {
          denom: coin.denom,
          symbol: denom.symbol,
          decimals: denom.decimals,
          amount: formatDenomAmount(coin.amount, denom.decimals),
        }
      })
      const feeDenom = chain.denoms[0].base
      return rows.sort((a, b) => Number(b.denom === feeDenom) - Number(a.denom === feeDenom))
    },
    async signMessage({ address, message }) {
      const c = connectionOf(address)
      try {
        const signed = await c.wallet.api().signArbitrary(c.chain.chainId, address, message)
        // ADR-036's StdSignature as JSON text: what the server's Sign in with Cosmos reads.
        return JSON.stringify({ pub_key: signed.pub_key, signature: signed.signature })
      } catch (error) {
        throw walletError(error, 'sign the message')
      }
    },
    async estimateSend(send) {
      // Before an amount is typed, the fee is shown for the smallest send.
      const { c, transfer } = checkSend({ ...send, value: send.value > 0n ? send.value : 1n })
      return estimate(rpc(c.network), transfer, c.pubKey, c.chain)
    },
    async sendToken(send) {
      const { c, transfer } = checkSend(send)
      const detail =
        (send.estimate?.detail as CosmosSendDetail | undefined) ??
        (await estimate(rpc(c.network), transfer, c.pubKey, c.chain)).detail
      const broadcast = (choice: ReturnType<typeof signerFor>) =>
        signAndBroadcast(rpc(c.network), choice, transfer, detail, {
          chainId: c.chain.chainId,
          pubkey: c.pubKey,
        })
      try {
        return await broadcast(signerFor(c.wallet, c.chain, c))
      } catch (error) {
        // A phone wallet that turned out to lack cosmos_signDirect signs the amino document.
        if (!(error instanceof CosmosDirectUnsupportedError)) throw error
        return broadcast(signerFor(c.wallet, c.chain, c))
      }
    },
    async waitForTransaction({ hash, network: on }) {
      const deadline = Date.now() + timeoutMs
      while (Date.now() < deadline) {
        const code = await txCode(rpc(on), hash)
        if (code !== undefined) return { status: code === 0 ? 'success' : 'reverted' }
        await new Promise((resolve) => setTimeout(resolve, pollMs))
      }
      throw new CosmosWalletError(`Transaction ${hash} was not included in time`)
    },
    destroy() {
      unwatch?.()
      watcher?.stop()
      connected?.off()
    },
  }
  return adapter
}
