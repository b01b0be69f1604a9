/**
 * One shape for a Bitcoin wallet however it was found (wallet standard, sats-connect's provider
 * list, a Unisat-style injected object): the adapter talks to this, each discovery file adapts
 * its wallet API to it. Plain code: discovery runs before the adapter's libraries load.
 */
import type { CaipNetwork } from '../../networks/types.js'
import type { Connector } from '../../stores/connectors.js'
import type { BitcoinNetworkName } from './params.js'

export type BitcoinAccountType = 'payment' | 'ordinal'

/** spec §3: a Bitcoin account is its address, type, public key and derivation path. */
export interface BitcoinAccount {
  address: string
  type: BitcoinAccountType
  /** Hex, as the wallet gave it (33-byte compressed, or 32-byte x-only for taproot). */
  publicKey?: string | undefined
  path?: string | undefined
}

export type MessageProtocol = 'ecdsa' | 'bip322'

export interface WalletChange {
  accounts?: BitcoinAccount[] | undefined
  network?: BitcoinNetworkName | undefined
  disconnected?: boolean | undefined
}

export type WalletSource = 'wallet-standard' | 'sats-connect' | 'injected' | 'walletconnect'

export interface BitcoinWallet {
  /** The connector id: stable across reloads (`<source>:<name or provider id>`). */
  readonly id: string
  readonly name: string
  readonly icon?: string | undefined
  readonly source: WalletSource
  /**
   * The networks the wallet says it has, by name; undefined when its API does not say (the
   * adapter then judges it by the addresses it returns).
   */
  readonly networks?: readonly BitcoinNetworkName[] | undefined
  /** Asks for the payment and ordinal accounts; `silent` answers only what is already allowed. */
  connect(options: { network: BitcoinNetworkName; silent: boolean }): Promise<BitcoinAccount[]>
  disconnect(): Promise<void>
  /** Base64 signature; `protocol` is a wish the wallet standard's API cannot pass on. */
  signMessage(options: {
    account: BitcoinAccount
    message: string
    protocol: MessageProtocol
  }): Promise<string>
  /** Signs the listed inputs of a PSBT with `account`'s key; resolves with the signed PSBT. */
  signPsbt(options: {
    psbt: Uint8Array
    account: BitcoinAccount
    signIndexes: readonly number[]
    network: BitcoinNetworkName
  }): Promise<Uint8Array>
  /** The network the wallet is on now, when its API tells. */
  getNetwork?(): Promise<BitcoinNetworkName | undefined>
  switchNetwork?(network: BitcoinNetworkName): Promise<void>
  /** Account and network changes, and the wallet disconnecting on its side. */
  onChange(listener: (change: WalletChange) => void): () => void
}

/** Which of the app's networks a wallet has, when it says; all of them when it does not. */
export function walletNetworks(
  wallet: Pick<BitcoinWallet, 'networks'>,
  networks: readonly CaipNetwork[],
  nameOf: (network: CaipNetwork) => BitcoinNetworkName,
): CaipNetwork[] {
  const own = wallet.networks
  return own ? networks.filter((n) => own.includes(nameOf(n))) : [...networks]
}

export function toConnector(
  wallet: BitcoinWallet,
  networks: readonly CaipNetwork[],
  nameOf: (network: CaipNetwork) => BitcoinNetworkName,
): Connector {
  return {
    id: wallet.id,
    name: wallet.name,
    type: 'ANNOUNCED',
    chain: 'bip122',
    chains: walletNetworks(wallet, networks, nameOf),
    imageUrl: wallet.icon,
    info: { name: wallet.name, icon: wallet.icon },
  }
}

// Base64 and hex without a library: the discovery files load with the page.
export const bytesToBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
export const base64ToBytes = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
export const bytesToHex = (bytes: ArrayLike<number>) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
export const hexToBytes = (text: string) =>
  Uint8Array.from(text.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16))
