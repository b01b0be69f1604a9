import type { CaipNetwork, MessageVerifier } from '@latch/core'
import type { WalletConnectSessions } from '@latch/core/walletconnect'
import type { AuthConnectorOptions, LatchAuthConnector } from '@latch/frame/connector'
import type { LatchConfig } from '@latch/react'

type ChainAdapter = NonNullable<LatchConfig['adapters']>[number]

/** What the page hands a family when it builds its adapter. */
export interface PageFamilyContext {
  /** The email/social sign-in, for a family whose embedded account comes from it. */
  auth: LatchAuthConnector
  /** The WalletConnect pairing the EVM connector shares, when the family asked for it. */
  walletConnect: WalletConnectSessions | undefined
}

/**
 * One chain family's wiring in the web app: its networks (read from build-time variables, so a
 * build without them folds the family and its code away), its adapter, and its signature check.
 */
export interface PageFamily {
  networks: CaipNetwork[]
  /** Options the family adds to the email/social sign-in (e.g. the chains of its embedded account). */
  auth?: Partial<AuthConnectorOptions>
  /** Whether the family's adapter connects through the EVM connector's WalletConnect pairing. */
  sharesWalletConnect?: boolean
  createAdapter(context: PageFamilyContext): ChainAdapter
  /** The family's message-signature check, loaded on an account's first signature. */
  loadVerifier(): Promise<MessageVerifier>
}
