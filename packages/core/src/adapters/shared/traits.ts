import type { ChainNamespace } from '../../networks/types.js'

/** A cost of a send on top of its network fee, read from the adapter's own estimate detail. */
export interface SendCost {
  /** A message key the views translate (`send.rent`, …), and the test id's suffix. */
  label: string
  /** In the native token's smallest unit. */
  amount: bigint
}

/**
 * What core, React and the app need to know about a chain family without loading its adapter:
 * each namespace's folder exports one, its adapter carries it, and the controller registers it
 * (adapters/registry.ts). Code outside the folder asks these instead of comparing namespace strings.
 */
export interface NamespaceTraits {
  readonly namespace: ChainNamespace
  /** The family's name as people say it: in forms and in CAIP-122 sign-in headers. */
  readonly label: string
  /** Whether `address` is an account address of this family (a receiver, a sign-in). */
  isAddress(address: string): boolean
  /** The form addresses compare and are kept in: EVM lower-case, Solana's base58 as given. */
  normalizeAddress(address: string): string
  /** The message a wallet of this family signs to sign in (docs/siwx.md). */
  readonly signInMessage: 'eip4361' | 'caip122'
  /** What the account view and the send flow offer for an account of this family. */
  readonly features: {
    /** The native balance is fetched and shown. */
    readonly balance: boolean
    /** The send flow is offered (the adapter sends). */
    readonly send: boolean
    /** Names and profiles (docs/names.md) exist for its accounts. */
    readonly names: boolean
  }
  /** Costs of a send beyond its fee, from the adapter's own estimate detail. */
  sendCosts?(detail: unknown): readonly SendCost[]
}

/**
 * Checks a signed message as a dapp's server would, for one namespace. Kept off the traits (which
 * load with the page): each adapter's subpath exports its own, for the code that verifies.
 */
export interface MessageVerifier {
  readonly namespace: ChainNamespace
  verifyMessage(parameters: {
    address: string
    message: string
    signature: string
  }): Promise<boolean>
}
