import type { CaipNetwork } from '../../networks/types.js'
// Types only: the SDK and the connector's work load with ../eip155/walletConnectSession.js, on first use.
import type { WalletConnectSessionOptions } from './session.js'
import type { WalletConnectSessions } from './sessions.js'

// What the connector is given and says, apart from connector.ts: the session half
// (../eip155/walletConnectSession.ts), which connector.ts loads on first use, reads them too.

/** docs/behaviour.md#limits: a pairing URI is offered for 4 minutes, then replaced. */
export const PAIRING_EXPIRY_MS = 4 * 60_000

export interface WalletConnectParameters {
  /** The WalletConnect Cloud project id (LATCH_WALLETCONNECT_PROJECT_ID). */
  projectId: string
  /** The relay; WalletConnect's hosted one when absent. The dev relay in development. */
  relayUrl?: string | undefined
  /** How the dapp introduces itself in the wallet. */
  metadata: WalletConnectSessionOptions['metadata']
  /**
   * Every network of every adapter the app configured: the session proposal asks for all of
   * their namespaces, so one pairing serves each (docs/walletconnect.md#namespaces).
   */
  networks: readonly CaipNetwork[]
  pairingExpiryMs?: number | undefined
  /** Fresh URIs offered before the attempt fails (default 5: 20 minutes at the default expiry). */
  maxPairingRefreshes?: number | undefined
  storagePrefix?: string | undefined
  icon?: string | undefined
  /**
   * Shared with the adapters of the session's other namespaces (a Bitcoin adapter's
   * `walletConnect`): they connect what the wallet approves for them through this pairing.
   */
  sessions?: WalletConnectSessions | undefined
}

/** The connector's 'message' event carrying the URI to show, for the EVM adapter to pass on. */
export interface PairingMessage {
  type: 'pairing'
  data: { uri: string; expiresAt: number }
}
