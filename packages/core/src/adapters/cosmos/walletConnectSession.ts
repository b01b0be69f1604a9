/**
 * The Cosmos side of the page's one WalletConnect session (docs/cosmos.md#walletconnect): the
 * connector pairs, and this turns what the wallet approved in `cosmos` into the adapter's wallet
 * shape. Its connector id is the WalletConnect connector's, so the account view names the
 * connection as it names the EVM one, and a reload finds the session again by it.
 */
import type { StorageBackend } from '../../storage/backend.js'
import {
  WALLET_CONNECT_CONNECTOR_ID,
  type WalletConnectSession,
  type WalletConnectSessions,
} from '../walletConnect/sessions.js'
import { createWalletConnectCosmosWallet, type WalletConnectCosmosWallet } from './walletConnect.js'

export { WALLET_CONNECT_CONNECTOR_ID }

export function sessionWallet(
  session: WalletConnectSession,
  storage: StorageBackend,
): WalletConnectCosmosWallet {
  return createWalletConnectCosmosWallet({
    client: session.client,
    topic: session.topic,
    id: WALLET_CONNECT_CONNECTOR_ID,
    name: session.peer.name,
    icon: session.peer.icon,
    storage,
    // Disconnecting Cosmos ends the session: the EVM side and the stored session go with it.
    end: session.end,
  })
}

/** The wallet of the session a reload finds, or undefined when there is none (or no sessions). */
export async function restoredSessionWallet(
  sessions: WalletConnectSessions | undefined,
  storage: StorageBackend,
): Promise<WalletConnectCosmosWallet | undefined> {
  const session = await sessions?.current().catch(() => undefined)
  return session && sessionWallet(session, storage)
}
