import { connectorNotFound } from '../../errors/connectorNotFound.js'
import {
  ConnectorChainsUnsupportedError,
  ConnectorNotFoundError,
  NetworkNotFoundError,
} from '../../errors/errors.js'
import type { CaipNetwork } from '../../networks/types.js'
import { defaultStorageBackend, type StorageBackend } from '../../storage/backend.js'
import { createAdapterEmitter } from '../shared/emitter.js'
import type {
  AdapterAccount,
  ChainAdapter,
  ConnectResult,
  FeeRateOption,
  SendEstimate,
  SendParameters,
} from '../types.js'
import type { WalletConnectSessions } from '../walletConnect/sessions.js'
import { parseBitcoinAddress } from './address.js'
import { formatSats, satsOf } from './balance.js'
import { BITCOIN_CONNECTION_KEY, RECONNECT_WAIT_MS } from './connection.js'
import { BitcoinWalletError, walletError } from './errors.js'
import { createEsploraClient, type EsploraClient, esploraBase } from './esplora.js'
import { defaultFeeRate, feeRateOptions } from './feeRates.js'
import { addressNetworkOf, networkNameOf } from './params.js'
import { DUST_LIMIT, finalizeSigned, planTransfer } from './send.js'
import { type BitcoinSendDetail, bitcoinTraits } from './traits.js'
import type { BitcoinAccount, BitcoinWallet, MessageProtocol } from './wallet.js'
import { walletNetworks } from './wallet.js'
import {
  restoredSessionWallet,
  sessionWallet,
  WALLET_CONNECT_CONNECTOR_ID,
} from './walletConnectSession.js'
import { bitcoinConnectors, watchBitcoinWallets } from './wallets.js'

export { BITCOIN_CONNECTION_KEY, RECONNECT_WAIT_MS } from './connection.js'

const RECONNECT_POLL_MS = 100

export interface BitcoinAdapterParameters {
  networks: readonly CaipNetwork[]
  storage?: StorageBackend | undefined
  /** How often and how long waitForTransaction polls the node (default 5 s, 2 h). */
  confirmPollMs?: number | undefined
  confirmTimeoutMs?: number | undefined
  fetch?: typeof fetch | undefined
  /**
   * The page's WalletConnect sessions, shared with its WalletConnect connector: what a wallet
   * approves in bip122 there connects here (docs/bitcoin.md#walletconnect).
   */
  walletConnect?: WalletConnectSessions | undefined
}

export interface BitcoinAdapter extends ChainAdapter {
  readonly namespace: 'bip122'
  /** `protocol` defaults to BIP-322 for segwit and taproot addresses, ECDSA for legacy ones. */
  signMessage(parameters: {
    address: string
    message: string
    protocol?: MessageProtocol | undefined
  }): Promise<string>
  feeRates(parameters: { network: CaipNetwork }): Promise<readonly FeeRateOption[]>
  estimateSend(parameters: SendParameters): Promise<SendEstimate<BitcoinSendDetail>>
  sendToken: NonNullable<ChainAdapter['sendToken']>
  waitForTransaction: NonNullable<ChainAdapter['waitForTransaction']>
  /** The connected accounts, payment first (spec §9: payment 0, ordinal 1). */
  getAccounts(): readonly BitcoinAccount[]
  /** Connects a wallet found outside discovery (a WalletConnect session's bip122 side). */
  connectWallet(wallet: BitcoinWallet): Promise<ConnectResult>
}

interface Connection {
  wallet: BitcoinWallet
  accounts: BitcoinAccount[]
  off: () => void
}

const ORDER: Record<BitcoinAccount['type'], number> = { payment: 0, ordinal: 1 }

const toAdapterAccounts = (accounts: readonly BitcoinAccount[]): AdapterAccount[] =>
  accounts.map(({ address, type, publicKey, path }) => ({ address, type, publicKey, path }))

/** The accounts an address family of `network` can hold, payment first. */
function accountsOn(accounts: readonly BitcoinAccount[], network: CaipNetwork) {
  const family = addressNetworkOf(network)
  return accounts
    .filter((a) => parseBitcoinAddress(a.address)?.networks.includes(family))
    .sort((a, b) => ORDER[a.type] - ORDER[b.type])
}

export function createBitcoinAdapter(parameters: BitcoinAdapterParameters): BitcoinAdapter {
  const { networks } = parameters
  if (networks.length === 0 || networks.some((n) => n.chainNamespace !== 'bip122'))
    throw new NetworkNotFoundError()
  const storage = parameters.storage ?? defaultStorageBackend()
  const pollMs = parameters.confirmPollMs ?? 5_000
  const timeoutMs = parameters.confirmTimeoutMs ?? 2 * 60 * 60 * 1000
  const { emit, ...events } = createAdapterEmitter()
  let network = networks[0] as CaipNetwork
  let connected: Connection | undefined

  const clients = new Map<string, EsploraClient>()
  const esplora = (on: CaipNetwork) => {
    const base = esploraBase(on)
    let client = clients.get(base)
    if (!client) {
      client = createEsploraClient(base, parameters.fetch)
      clients.set(base, client)
    }
    return client
  }

  // Discovery starts on first use, as Solana's does.
  let watcher: ReturnType<typeof watchBitcoinWallets> | undefined
  const wallets = () => {
    watcher ??= watchBitcoinWallets(() =>
      emit('connectors', bitcoinConnectors(watcher?.list() ?? [], networks)),
    )
    return watcher
  }

  async function waitForWallet(id: string, waitMs: number): Promise<BitcoinWallet | undefined> {
    const deadline = Date.now() + waitMs
    for (;;) {
      const found = wallets().find(id)
      if (found || Date.now() >= deadline) return found
      await new Promise((resolve) => setTimeout(resolve, RECONNECT_POLL_MS))
    }
  }

  /**
   * The app network the wallet's accounts belong to: `preferred` when their addresses fit it,
   * else the one the wallet says it is on, else any that fits. Undefined when none does.
   */
  async function networkFor(
    wallet: BitcoinWallet,
    accounts: readonly BitcoinAccount[],
    preferred: CaipNetwork,
  ): Promise<CaipNetwork | undefined> {
    const fits = networks.filter((n) => accountsOn(accounts, n).length > 0)
    if (fits.some((n) => n.caipNetworkId === preferred.caipNetworkId)) {
      // testnet and signet share addresses: the wallet's word decides between them.
      const said = await wallet.getNetwork?.().catch(() => undefined)
      const named = said && fits.find((n) => networkNameOf(n) === said)
      return named && said !== networkNameOf(preferred) ? named : preferred
    }
    const said = await wallet.getNetwork?.().catch(() => undefined)
    return fits.find((n) => networkNameOf(n) === said) ?? fits[0]
  }

  function follow(wallet: BitcoinWallet, accounts: BitcoinAccount[]): ConnectResult {
    connected?.off()
    const connectorId = wallet.id
    const off = wallet.onChange((change) => {
      if (!connected || connected.wallet !== wallet) return
      if (change.network) {
        const next = networks.find((n) => networkNameOf(n) === change.network)
        if (next && next.caipNetworkId !== network.caipNetworkId) {
          network = next
          emit('switchNetwork', { connectorId, chainId: next.id })
        }
      }
      if (change.disconnected) return drop(connectorId)
      if (!change.accounts) return
      const mine = accountsOn(change.accounts, network)
      if (mine.length === 0) return drop(connectorId)
      connected.accounts = mine
      emit('accountChanged', {
        connectorId,
        address: (mine[0] as BitcoinAccount).address,
        accounts: toAdapterAccounts(mine),
      })
    })
    connected = { wallet, accounts, off }
    storage.setItem(BITCOIN_CONNECTION_KEY, connectorId)
    return { connectorId, accounts: toAdapterAccounts(accounts), chainId: network.id }
  }

  function drop(connectorId: string) {
    connected?.off()
    connected = undefined
    storage.removeItem(BITCOIN_CONNECTION_KEY)
    emit('disconnect', { connectorId })
  }

  /** Opens `wallet` on one of the app's networks, or refuses it (spec §5). */
  async function open(
    wallet: BitcoinWallet,
    preferred: CaipNetwork,
    silent: boolean,
  ): Promise<ConnectResult | null> {
    const offered = walletNetworks(wallet, networks, networkNameOf)
    if (offered.length === 0) throw new ConnectorChainsUnsupportedError()
    const start = offered.some((n) => n.caipNetworkId === preferred.caipNetworkId)
      ? preferred
      : (offered[0] as CaipNetwork)
    let accounts: BitcoinAccount[]
    try {
      accounts = await wallet.connect({ network: networkNameOf(start), silent })
    } catch (error) {
      if (silent) return null
      throw walletError(error, 'connect')
    }
    if (accounts.length === 0) {
      if (silent) return null
      throw new BitcoinWalletError(`${wallet.name} shared no Bitcoin account`)
    }
    let on = await networkFor(wallet, accounts, start)
    if (!on && wallet.switchNetwork && !silent) {
      // The wallet is on a network the app does not use: ask it over, once.
      const moved = await wallet.switchNetwork(networkNameOf(start)).then(
        () => true,
        () => false,
      )
      if (moved) {
        accounts = await wallet.connect({ network: networkNameOf(start), silent: true })
        on = await networkFor(wallet, accounts, start)
      }
    }
    if (!on) {
      if (!silent) await wallet.disconnect().catch(() => undefined)
      if (silent) return null
      throw new ConnectorChainsUnsupportedError()
    }
    network = on
    return follow(wallet, accountsOn(accounts, on))
  }

  const resultOf = (c: Connection): ConnectResult => ({
    connectorId: c.wallet.id,
    accounts: toAdapterAccounts(c.accounts),
    chainId: network.id,
  })
  const isSession = (topic?: string) =>
    connected?.wallet.id === WALLET_CONNECT_CONNECTOR_ID &&
    (topic === undefined || (connected.wallet as { topic?: string }).topic === topic)

  // What a wallet approves in bip122 through the page's WalletConnect pairing connects here.
  const unwatch = parameters.walletConnect?.watch('bip122', {
    async approved(session) {
      const before = connected
      const result = await open(sessionWallet(session, networks), network, false)
      if (!result) return false
      // The session replaces a browser wallet connected before, as a connect would.
      if (before && before.wallet.id !== result.connectorId) {
        void before.wallet.disconnect().catch(() => undefined)
        emit('disconnect', { connectorId: before.wallet.id })
      }
      emit('connected', result)
      return true
    },
    ended(topic) {
      if (isSession(topic)) drop(WALLET_CONNECT_CONNECTOR_ID)
    },
  })

  function accountFor(address: string): { wallet: BitcoinWallet; account: BitcoinAccount } {
    const account = connected?.accounts.find((a) => a.address === address)
    if (!connected || !account) throw new ConnectorNotFoundError(address)
    return { wallet: connected.wallet, account }
  }

  async function feeRates({ network: on }: { network: CaipNetwork }) {
    return feeRateOptions(await esplora(on).feeEstimates())
  }

  async function plan(send: SendParameters & { estimate?: SendEstimate | undefined }) {
    if (send.tokenAddress) throw new BitcoinWalletError('Bitcoin sends only BTC')
    const known = connected?.accounts.find((a) => a.address === send.from)
    const detail = send.estimate?.detail as BitcoinSendDetail | undefined
    const feeRate =
      send.feeRate ?? detail?.feeRate ?? defaultFeeRate(await feeRates({ network: send.network }))
    const utxos = await esplora(send.network).utxos(send.from)
    return planTransfer({
      payer: { address: send.from, publicKey: known?.publicKey },
      to: send.to,
      value: send.value,
      feeRate,
      utxos,
      network: send.network,
    })
  }

  const adapter: BitcoinAdapter = {
    namespace: 'bip122',
    traits: bitcoinTraits,
    networks,
    on: events.on,
    getConnectors: () => bitcoinConnectors(wallets().list(), networks),
    getAccounts: () => connected?.accounts ?? [],
    connectWallet: async (wallet) => (await open(wallet, network, false)) as ConnectResult,
    async connect({ connectorId, network: target }) {
      // The bip122 side of the WalletConnect session, asked for by name (the controller finishing
      // a pairing whose wallet approved Bitcoin only): connected already, or the live session's.
      if (connectorId === WALLET_CONNECT_CONNECTOR_ID && parameters.walletConnect) {
        if (connected && isSession()) return resultOf(connected)
        const wallet = await restoredSessionWallet(parameters.walletConnect, networks)
        if (!wallet) throw connectorNotFound(connectorId)
        return (await open(wallet, target ?? network, false)) as ConnectResult
      }
      const wallet = await waitForWallet(connectorId, 0)
      if (!wallet) throw connectorNotFound(connectorId)
      if (target && !networks.some((n) => n.caipNetworkId === target.caipNetworkId))
        throw new NetworkNotFoundError()
      return (await open(wallet, target ?? network, false)) as ConnectResult
    },
    async reconnect() {
      const connectorId = storage.getItem(BITCOIN_CONNECTION_KEY)
      if (!connectorId) return []
      if (connected?.wallet.id === connectorId) return [resultOf(connected)]
      // A WalletConnect session is found through its connector, which restores it from storage.
      const wallet =
        connectorId === WALLET_CONNECT_CONNECTOR_ID
          ? await restoredSessionWallet(parameters.walletConnect, networks)
          : await waitForWallet(connectorId, RECONNECT_WAIT_MS)
      const result = wallet ? await open(wallet, network, true).catch(() => null) : null
      if (!result) storage.removeItem(BITCOIN_CONNECTION_KEY)
      return result ? [result] : []
    },
    async disconnect({ connectorId } = {}) {
      // Another connection's id: that one is gone already (the adapter holds one at a time).
      if (connectorId && connected?.wallet.id !== connectorId) return
      const current = connected
      connected = undefined
      storage.removeItem(BITCOIN_CONNECTION_KEY)
      if (!current) return
      current.off()
      await current.wallet.disconnect().catch(() => undefined)
    },
    async switchNetwork({ network: target }) {
      if (!networks.some((n) => n.caipNetworkId === target.caipNetworkId))
        throw new NetworkNotFoundError()
      const current = connected
      if (current) {
        const name = networkNameOf(target)
        if (accountsOn(current.accounts, target).length === 0 || current.wallet.switchNetwork) {
          if (!current.wallet.switchNetwork)
            throw new BitcoinWalletError(`${current.wallet.name} cannot switch to ${target.name}`)
          try {
            await current.wallet.switchNetwork(name)
          } catch (error) {
            throw walletError(error, `switch to ${target.name}`)
          }
          // Addresses differ between networks: read them again.
          const accounts = accountsOn(
            await current.wallet.connect({ network: name, silent: true }),
            target,
          )
          if (accounts.length === 0)
            throw new BitcoinWalletError(`${current.wallet.name} has no account on ${target.name}`)
          current.accounts = accounts
          emit('accountChanged', {
            connectorId: current.wallet.id,
            address: (accounts[0] as BitcoinAccount).address,
            accounts: toAdapterAccounts(accounts),
          })
        }
      }
      network = target
      if (current) emit('switchNetwork', { connectorId: current.wallet.id, chainId: target.id })
    },
    async getBalance({ address, network: on }) {
      const { confirmed, pending } = satsOf(await esplora(on).address(address))
      return {
        balance: formatSats(confirmed),
        symbol: on.nativeCurrency.symbol,
        ...(pending !== 0n ? { pending: formatSats(pending) } : {}),
      }
    },
    async signMessage({ address, message, protocol }) {
      const { wallet, account } = accountFor(address)
      const type = parseBitcoinAddress(address)?.type
      // SIWX signs BIP-322 wherever the address can: legacy P2PKH can only sign ECDSA.
      const chosen = protocol ?? (type === 'p2pkh' ? 'ecdsa' : 'bip322')
      try {
        return await wallet.signMessage({ account, message, protocol: chosen })
      } catch (error) {
        throw walletError(error, 'sign the message')
      }
    },
    feeRates,
    async estimateSend(send) {
      // Before an amount is typed the fee is shown for the smallest payment the receiver takes.
      const type = parseBitcoinAddress(send.to)?.type ?? 'p2wpkh'
      const value = send.value > 0n ? send.value : DUST_LIMIT[type]
      const planned = await plan({ ...send, value })
      return {
        fee: planned.fee,
        detail: {
          feeRate: planned.feeRate,
          vsize: planned.vsize,
          inputs: planned.inputs,
          change: planned.change,
        },
      }
    },
    async sendToken(send) {
      const { wallet, account } = accountFor(send.from)
      const planned = await plan(send)
      let signed: Uint8Array
      try {
        signed = await wallet.signPsbt({
          psbt: planned.psbt,
          account,
          signIndexes: planned.signIndexes,
          network: networkNameOf(send.network),
        })
      } catch (error) {
        throw walletError(error, 'sign the transaction')
      }
      const { hex } = finalizeSigned(planned.psbt, signed)
      return esplora(send.network).broadcast(hex)
    },
    async waitForTransaction({ hash, network: on }) {
      const client = esplora(on)
      const deadline = Date.now() + timeoutMs
      while (Date.now() < deadline) {
        const status = await client.txStatus(hash).catch(() => undefined)
        if (status?.confirmed) return { status: 'success' }
        await new Promise((resolve) => setTimeout(resolve, pollMs))
      }
      throw new BitcoinWalletError(`Transaction ${hash} was not confirmed in time`)
    },
    destroy() {
      watcher?.stop()
      unwatch?.()
      connected?.off()
    },
  }
  return adapter
}
