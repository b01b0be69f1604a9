import { getWallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type { CaipNetwork } from '../../networks/types.js'
import type { Connector } from '../../stores/connectors.js'
import type { SolanaSendOptions } from './sendOptions.js'

// Feature names of the wallet standard and its Solana features (docs/solana.md#wallets).
export const CONNECT = 'standard:connect'
export const DISCONNECT = 'standard:disconnect'
export const EVENTS = 'standard:events'
export const SIGN_MESSAGE = 'solana:signMessage'
export const SIGN_TRANSACTION = 'solana:signTransaction'
export const SIGN_AND_SEND = 'solana:signAndSendTransaction'

export interface ConnectFeature {
  connect(input?: { silent?: boolean }): Promise<{ accounts: readonly WalletAccount[] }>
}
export interface DisconnectFeature {
  disconnect(): Promise<void>
}
export interface EventsFeature {
  on(
    event: 'change',
    listener: (properties: {
      accounts?: readonly WalletAccount[]
      chains?: readonly string[]
    }) => void,
  ): () => void
}
export interface SignMessageFeature {
  signMessage(
    ...inputs: Array<{ account: WalletAccount; message: Uint8Array }>
  ): Promise<Array<{ signedMessage: Uint8Array; signature: Uint8Array }>>
}
export interface SignAndSendFeature {
  signAndSendTransaction(
    ...inputs: Array<{
      account: WalletAccount
      chain: string
      transaction: Uint8Array
      options?: SolanaSendOptions | undefined
    }>
  ): Promise<Array<{ signature: Uint8Array }>>
}
export interface SignTransactionFeature {
  signTransaction(
    ...inputs: Array<{ account: WalletAccount; chain?: string; transaction: Uint8Array }>
  ): Promise<Array<{ signedTransaction: Uint8Array }>>
}

export function feature<T>(wallet: Wallet, name: string): T | undefined {
  return (wallet.features as Record<string, unknown>)[name] as T | undefined
}

/** A wallet Latch can use on Solana: it connects and names at least one Solana chain. */
export function isSolanaWallet(wallet: Wallet): boolean {
  return (
    feature(wallet, CONNECT) !== undefined && wallet.chains.some((c) => c.startsWith('solana:'))
  )
}

/** Connector ids are stable across reloads: the wallet's name is all the standard guarantees. */
export const connectorIdOf = (wallet: Wallet) => `wallet-standard:${wallet.name}`

export function toConnector(wallet: Wallet, networks: readonly CaipNetwork[]): Connector {
  return {
    id: connectorIdOf(wallet),
    name: wallet.name,
    type: 'ANNOUNCED',
    chain: 'solana',
    chains: networks.filter((n) => wallet.chains.includes(n.caipNetworkId)),
    imageUrl: wallet.icon,
    info: { name: wallet.name, icon: wallet.icon },
  }
}

/**
 * A wallet only this app holds, offered as the modal's AUTH connector rather than a list row: the
 * embedded wallet's Solana account (`@latch/frame/connector`'s `loadSolanaWallet`). It loads on
 * the first connect, so the connector costs the page nothing before.
 */
export interface EmbeddedSolanaWalletEntry {
  connectorId: string
  load(): Promise<Wallet>
}

/** Every connector the Solana adapter offers: the embedded wallet's first, then the discovered. */
export function solanaConnectors(
  discovered: readonly Wallet[],
  networks: readonly CaipNetwork[],
  embedded: EmbeddedSolanaWalletEntry | undefined,
): Connector[] {
  const list = discovered.map((w) => toConnector(w, networks))
  if (!embedded) return list
  const auth: Connector = {
    id: embedded.connectorId,
    name: 'Email',
    type: 'AUTH',
    chain: 'solana',
    chains: [...networks],
  }
  return [auth, ...list]
}

/**
 * The wallets registered through the wallet standard, now and as they come and go. Registration
 * is a window event handshake, so a wallet that loads after the app still arrives.
 */
export function watchSolanaWallets(onChange: (wallets: readonly Wallet[]) => void): {
  list(): readonly Wallet[]
  stop(): void
} {
  const api = getWallets()
  const list = () => api.get().filter(isSolanaWallet)
  const offRegister = api.on('register', () => onChange(list()))
  const offUnregister = api.on('unregister', () => onChange(list()))
  return {
    list,
    stop() {
      offRegister()
      offUnregister()
    },
  }
}
