import { type Address, getBase58Decoder, type Signature } from '@solana/kit'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { ConnectorNotFoundError, NetworkNotFoundError } from '../../errors/errors.js'
import type { CaipNetwork } from '../../networks/types.js'
import { defaultStorageBackend, type StorageBackend } from '../../storage/backend.js'
import { createAdapterEmitter } from '../shared/emitter.js'
import type { ChainAdapter, ConnectResult, SendEstimate, SendParameters } from '../types.js'
import { rpcPool } from './rpc.js'
import { buildTransfer } from './send.js'
import { checkSendOptions, type SolanaSendOptions } from './sendOptions.js'
import { type SolanaSendDetail, solanaTraits } from './traits.js'
import {
  CONNECT,
  type ConnectFeature,
  connectorIdOf,
  DISCONNECT,
  type DisconnectFeature,
  type EmbeddedSolanaWalletEntry,
  EVENTS,
  type EventsFeature,
  feature,
  SIGN_AND_SEND,
  SIGN_MESSAGE,
  type SignAndSendFeature,
  type SignMessageFeature,
  solanaConnectors,
  watchSolanaWallets,
} from './wallets.js'

export {
  PREFLIGHT_COMMITMENTS,
  type SolanaSendOptions,
  SolanaSendOptionsError,
} from './sendOptions.js'

/** The connected wallet's connector id, so a reload reconnects it silently. */
export const SOLANA_CONNECTION_KEY = '@latch/solana/connection'
/** How long a reload waits for the wallet it was connected to to register. */
export const RECONNECT_WAIT_MS = 1_500
const CONFIRM_POLL_MS = 400
const CONFIRM_TIMEOUT_MS = 90_000

export interface SolanaAdapterParameters {
  networks: readonly CaipNetwork[]
  /** The embedded wallet's Solana account, connected by the modal's email and social sign-in. */
  embeddedWallet?: EmbeddedSolanaWalletEntry | undefined
  storage?: StorageBackend | undefined
  sendOptions?: SolanaSendOptions | undefined
}

export interface SolanaAdapter extends ChainAdapter {
  readonly namespace: 'solana'
}

export class SolanaWalletError extends Error {
  override name = 'SolanaWalletError'
}

const base58 = getBase58Decoder()

export function createSolanaAdapter(parameters: SolanaAdapterParameters): SolanaAdapter {
  const { networks, embeddedWallet: embedded } = parameters
  if (networks.length === 0 || networks.some((n) => n.chainNamespace !== 'solana'))
    throw new NetworkNotFoundError()
  const storage = parameters.storage ?? defaultStorageBackend()
  const sendOptions = checkSendOptions(parameters.sendOptions)
  const rpcOf = rpcPool()
  const { emit, ...events } = createAdapterEmitter()
  let network: CaipNetwork = networks[0] as CaipNetwork
  let connected:
    | { wallet: Wallet; accounts: readonly WalletAccount[]; off?: () => void }
    | undefined

  // Discovery starts on first use: the wallet standard's handshake is a window event, and an app
  // that never opens the modal need not run it.
  let watcher: ReturnType<typeof watchSolanaWallets> | undefined
  const wallets = () => {
    watcher ??= watchSolanaWallets((list) =>
      emit('connectors', solanaConnectors(list, networks, embedded)),
    )
    return watcher.list()
  }
  let embeddedWallet: Wallet | undefined
  const idOf = (wallet: Wallet) =>
    embedded && wallet === embeddedWallet ? embedded.connectorId : connectorIdOf(wallet)
  const walletById = (connectorId: string) =>
    wallets().find((w) => connectorIdOf(w) === connectorId)
  /** A discovered wallet, or the embedded one, loaded now. */
  async function walletFor(connectorId: string): Promise<Wallet | undefined> {
    if (embedded?.connectorId !== connectorId) return walletById(connectorId)
    embeddedWallet ??= await embedded.load()
    return embeddedWallet
  }

  function accountsOn(list: readonly WalletAccount[]) {
    return list.filter((a) => a.chains.length === 0 || a.chains.includes(network.caipNetworkId))
  }

  function follow(wallet: Wallet, accounts: readonly WalletAccount[]): ConnectResult {
    connected?.off?.()
    const connectorId = idOf(wallet)
    const off = feature<EventsFeature>(wallet, EVENTS)?.on('change', (change) => {
      if (!change.accounts || !connected) return
      connected.accounts = change.accounts
      const [first] = accountsOn(change.accounts)
      if (!first) {
        connected = undefined
        storage.removeItem(SOLANA_CONNECTION_KEY)
        emit('disconnect', { connectorId })
        return
      }
      emit('accountChanged', {
        connectorId,
        address: first.address,
        accounts: accountsOn(change.accounts).map((a) => ({ address: a.address })),
      })
    })
    connected = { wallet, accounts, off }
    storage.setItem(SOLANA_CONNECTION_KEY, connectorId)
    return {
      connectorId,
      accounts: accountsOn(accounts).map((a) => ({ address: a.address })),
      chainId: network.id,
    }
  }

  async function open(wallet: Wallet, silent: boolean): Promise<ConnectResult | null> {
    const connect = feature<ConnectFeature>(wallet, CONNECT)
    if (!connect) throw new SolanaWalletError(`${wallet.name} cannot connect`)
    const { accounts } = await connect.connect(silent ? { silent: true } : undefined)
    if (accountsOn(accounts).length === 0) {
      if (silent) return null
      throw new SolanaWalletError(`${wallet.name} has no account on ${network.name}`)
    }
    return follow(wallet, accounts)
  }

  function accountFor(address: string): { wallet: Wallet; account: WalletAccount } {
    const account = connected?.accounts.find((a) => a.address === address)
    if (!connected || !account) throw new ConnectorNotFoundError(address)
    return { wallet: connected.wallet, account }
  }

  async function waitForWallet(connectorId: string): Promise<Wallet | undefined> {
    const found = await walletFor(connectorId)
    if (found) return found
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        off()
        resolve(undefined)
      }, RECONNECT_WAIT_MS)
      const off = adapter.on('connectors', () => {
        const wallet = walletById(connectorId)
        if (!wallet) return
        clearTimeout(timer)
        off()
        resolve(wallet)
      })
    })
  }

  const adapter: SolanaAdapter = {
    namespace: 'solana',
    traits: solanaTraits,
    networks,
    on: events.on,
    getConnectors: () => solanaConnectors(wallets(), networks, embedded),
    async connect({ connectorId, network: target }) {
      if (target) network = target
      const wallet = await walletFor(connectorId)
      if (!wallet) throw new ConnectorNotFoundError(connectorId)
      return (await open(wallet, false)) as ConnectResult
    },
    async reconnect() {
      const connectorId = storage.getItem(SOLANA_CONNECTION_KEY)
      if (!connectorId) return []
      const wallet = await waitForWallet(connectorId)
      const result = wallet ? await open(wallet, true).catch(() => null) : null
      if (!result) storage.removeItem(SOLANA_CONNECTION_KEY)
      return result ? [result] : []
    },
    async disconnect() {
      const current = connected
      connected = undefined
      storage.removeItem(SOLANA_CONNECTION_KEY)
      if (!current) return
      current.off?.()
      await feature<DisconnectFeature>(current.wallet, DISCONNECT)?.disconnect()
    },
    async switchNetwork({ network: target }) {
      if (!networks.some((n) => n.caipNetworkId === target.caipNetworkId))
        throw new NetworkNotFoundError()
      network = target
      if (connected)
        emit('switchNetwork', { connectorId: idOf(connected.wallet), chainId: target.id })
    },
    async getBalance({ address, network: on }) {
      const { value } = await rpcOf(on)
        .getBalance(address as Address)
        .send()
      const whole = value / 1_000_000_000n
      const fraction = (value % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '')
      return {
        balance: fraction ? `${whole}.${fraction}` : `${whole}`,
        symbol: on.nativeCurrency.symbol,
      }
    },
    async signMessage({ address, message }) {
      const { wallet, account } = accountFor(address)
      const sign = feature<SignMessageFeature>(wallet, SIGN_MESSAGE)
      if (!sign) throw new SolanaWalletError(`${wallet.name} cannot sign messages`)
      const [output] = await sign.signMessage({
        account,
        message: new TextEncoder().encode(message),
      })
      if (!output) throw new SolanaWalletError(`${wallet.name} returned no signature`)
      return base58.decode(output.signature)
    },
    async estimateSend(send: SendParameters): Promise<SendEstimate<SolanaSendDetail>> {
      const { fee, rent } = await buildTransfer(rpcOf(send.network), send)
      return { fee, detail: { rent } }
    },
    async sendToken(send) {
      const { wallet, account } = accountFor(send.from)
      const signAndSend = feature<SignAndSendFeature>(wallet, SIGN_AND_SEND)
      if (!signAndSend) throw new SolanaWalletError(`${wallet.name} cannot send transactions`)
      const { transaction } = await buildTransfer(rpcOf(send.network), send)
      const [output] = await signAndSend.signAndSendTransaction({
        account,
        chain: send.network.caipNetworkId,
        transaction,
        ...(sendOptions ? { options: sendOptions } : {}),
      })
      if (!output) throw new SolanaWalletError(`${wallet.name} returned no signature`)
      return base58.decode(output.signature)
    },
    async waitForTransaction({ hash, network: on }) {
      const rpc = rpcOf(on)
      const deadline = Date.now() + CONFIRM_TIMEOUT_MS
      while (Date.now() < deadline) {
        const { value } = await rpc.getSignatureStatuses([hash as Signature]).send()
        const status = value[0]
        if (status && status.confirmationStatus !== 'processed')
          return { status: status.err === null ? 'success' : 'reverted' }
        await new Promise((resolve) => setTimeout(resolve, CONFIRM_POLL_MS))
      }
      throw new SolanaWalletError(
        `Transaction ${hash} was not confirmed within ${CONFIRM_TIMEOUT_MS / 1000} s`,
      )
    },
    destroy() {
      watcher?.stop()
      connected?.off?.()
    },
  }
  return adapter
}
