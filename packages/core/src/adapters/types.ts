import type { CaipNetwork, ChainNamespace } from '../networks/types.js'
import type { ProviderAlert } from '../providerServices/alerts.js'
import type { AccountType } from '../stores/account.js'
import type { Connector } from '../stores/connectors.js'
import type { NamespaceTraits } from './shared/traits.js'

export interface AdapterAccount {
  address: string
  type?: AccountType | undefined
  /** Hex, where the wallet tells it (Bitcoin: spec §3's account public key). */
  publicKey?: string | undefined
  /** The account's derivation path, where the wallet tells it. */
  path?: string | undefined
}

/** An account a connection offers, as the wallet shows it (the modal's account picker). */
export interface PickableAccount {
  /** Spelled for the network the adapter is on. */
  address: string
  /** As the visitor named it in the wallet. */
  name?: string | undefined
  /** The key's scheme, where the wallet tells it (Polkadot: sr25519, ed25519, ecdsa). */
  keyType?: string | undefined
}

export interface ConnectResult {
  connectorId: string
  /** The active account first. */
  accounts: AdapterAccount[]
  /** The chain's own id (a number on EVM). */
  chainId: number | string
}

/** What an adapter tells the controller; data flows adapter → controller → stores → views. */
export interface AdapterEvents {
  accountChanged: { connectorId: string; address: string; accounts: AdapterAccount[] }
  switchNetwork: { connectorId: string; chainId: number | string }
  disconnect: { connectorId: string }
  connectors: Connector[]
  /** A WalletConnect pairing URI to show (QR code, deep link), and when it is replaced. */
  pairing: { connectorId: string; uri: string; expiresAt: number }
  /** An alert to show once, such as the WalletConnect relay refusing the app. */
  alert: ProviderAlert
  /**
   * A connection made without a connect call to this adapter: its namespace's part of a
   * WalletConnect session approved through another namespace's connector.
   */
  connected: ConnectResult
}

export type AdapterEventName = keyof AdapterEvents

/**
 * One chain namespace's wallet plumbing. Each implementation lives behind its own subpath export
 * (`@latch/core/evm`, …) so an app bundles only the chains it enables.
 */
export interface ChainAdapter {
  readonly namespace: ChainNamespace
  /** What the rest of the kit may know of this namespace; the controller registers it. */
  readonly traits: NamespaceTraits
  readonly networks: readonly CaipNetwork[]
  on<event extends AdapterEventName>(
    event: event,
    listener: (payload: AdapterEvents[event]) => void,
  ): () => void
  /** The connectors visible now; changes later arrive as 'connectors' events. */
  getConnectors(): Connector[]
  connect(parameters: {
    connectorId: string
    network?: CaipNetwork | undefined
  }): Promise<ConnectResult>
  /** Restores the connections the wallet still authorises; resolves with none when there are none. */
  reconnect(): Promise<ConnectResult[]>
  disconnect(parameters?: { connectorId?: string | undefined }): Promise<void>
  switchNetwork(parameters: { network: CaipNetwork }): Promise<void>
  /**
   * The active connection's accounts, the active one first. With `selectAccount`, the modal offers
   * a picker when there are several (a Polkadot extension shares as many as the visitor ticks).
   */
  getAccounts?(): readonly PickableAccount[]
  /** Makes another of the connection's accounts the active one; announced as `accountChanged`. */
  selectAccount?(address: string): Promise<void>
  /** Makes another of several connections the one requests go through (multi-wallet). */
  switchConnection?(parameters: { connectorId: string }): Promise<void>
  getBalance(parameters: { address: string; network: CaipNetwork }): Promise<{
    balance: string
    symbol: string
    /** Unconfirmed change on top of `balance` (Bitcoin's mempool), signed, same unit. */
    pending?: string | undefined
  }>
  /**
   * Asks the wallet of the connection that holds `address` to sign `message` (EIP-191
   * personal_sign on EVM); resolves with the signature. Absent where a namespace cannot sign yet.
   */
  signMessage?(parameters: { address: string; message: string }): Promise<string>
  /**
   * The network fee a send would cost, in the native token's smallest unit, with the fee caps the
   * send will carry. Absent where a namespace cannot send yet.
   */
  estimateSend?(parameters: SendParameters): Promise<SendEstimate>
  /** Asks the wallet holding `from` to send; resolves with the transaction hash once signed. */
  sendToken?(parameters: SendParameters & { estimate?: SendEstimate | undefined }): Promise<string>
  /**
   * Fee rates the network's node estimates, fastest first, for a send that lets the visitor
   * pick one (Bitcoin). Absent where the wallet prices a send itself.
   */
  feeRates?(parameters: { network: CaipNetwork }): Promise<readonly FeeRateOption[]>
  /** Resolves once the transaction is in a block: 'success', or 'reverted' when it failed there. */
  waitForTransaction?(parameters: {
    hash: string
    network: CaipNetwork
  }): Promise<{ status: 'success' | 'reverted' }>
  destroy?(): void
}

export interface SendParameters {
  from: string
  to: string
  network: CaipNetwork
  /** In the token's smallest unit. */
  value: bigint
  /** The token contract; absent for the native token. */
  tokenAddress?: string | undefined
  /** Satoshis per virtual byte the visitor picked (Bitcoin); the adapter's default otherwise. */
  feeRate?: number | undefined
}

/** A fee rate a node estimates: what gets a transaction into a block within `blocks`. */
export interface FeeRateOption {
  blocks: number
  satsPerVbyte: number
}

/**
 * A send's network fee, which core and the views show and check the balance against, and the
 * adapter's own figures behind it (EVM: the gas limit and fee caps the send will carry; Solana: the
 * rent of a token account it opens). Only the adapter and its namespace's traits read `detail`.
 */
export interface SendEstimate<detail = unknown> {
  /** The most the send pays the network, in the native token's smallest unit. */
  fee: bigint
  detail?: detail | undefined
}
