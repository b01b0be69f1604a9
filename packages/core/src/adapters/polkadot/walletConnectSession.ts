/**
 * The Polkadot side of the page's one WalletConnect session (docs/polkadot.md#walletconnect): the
 * connector pairs, and this turns what the wallet approved in `polkadot` into an extension entry
 * the adapter opens like any other. Its connector id is the WalletConnect connector's, so the
 * account view names the connection as it names the EVM one, and a reload finds the session by it.
 */
import {
  WALLET_CONNECT_CONNECTOR_ID,
  type WalletConnectSession,
  type WalletConnectSessions,
} from '../walletConnect/sessions.js'
import type { PolkadotExtension } from './extensions.js'
import { createWalletConnectPolkadotExtension } from './walletConnect.js'

export { WALLET_CONNECT_CONNECTOR_ID }

/** The session as an extension, with how disconnecting ends it and which session it is. */
export interface SessionExtension {
  extension: PolkadotExtension
  topic: string
  /** Ends the session for every namespace: the EVM side and the stored session go with it. */
  end(): Promise<void>
}

export function sessionExtension(session: WalletConnectSession): SessionExtension {
  return {
    extension: createWalletConnectPolkadotExtension({
      client: session.client,
      topic: session.topic,
      id: WALLET_CONNECT_CONNECTOR_ID,
      name: session.peer.name,
      icon: session.peer.icon,
    }),
    topic: session.topic,
    end: session.end,
  }
}

/** The session a reload finds, or undefined when there is none (or no sessions). */
export async function restoredSessionExtension(
  sessions: WalletConnectSessions | undefined,
): Promise<SessionExtension | undefined> {
  const session = await sessions?.current().catch(() => undefined)
  return session && sessionExtension(session)
}
