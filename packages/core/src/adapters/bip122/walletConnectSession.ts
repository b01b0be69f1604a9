/**
 * The Bitcoin side of the page's one WalletConnect session (docs/bitcoin.md#walletconnect): the
 * connector pairs, and this turns what the wallet approved in `bip122` into the adapter's wallet
 * shape. Its connector id is the WalletConnect connector's, so the account view names the
 * connection as it names the EVM one, and a reload finds the session again by it.
 */
import type { CaipNetwork } from '../../networks/types.js'
import {
  WALLET_CONNECT_CONNECTOR_ID,
  type WalletConnectSession,
  type WalletConnectSessions,
} from '../walletConnect/sessions.js'
import {
  createWalletConnectBitcoinWallet,
  type WalletConnectBitcoinWallet,
} from './walletConnect.js'

export { WALLET_CONNECT_CONNECTOR_ID }

export function sessionWallet(
  session: WalletConnectSession,
  networks: readonly CaipNetwork[],
): WalletConnectBitcoinWallet {
  return createWalletConnectBitcoinWallet({
    client: session.client,
    topic: session.topic,
    networks,
    id: WALLET_CONNECT_CONNECTOR_ID,
    name: session.peer.name,
    icon: session.peer.icon,
    // Disconnecting Bitcoin ends the session: the EVM side and the stored session go with it.
    end: session.end,
  })
}

/** The wallet of the session a reload finds, or undefined when there is none (or no sessions). */
export async function restoredSessionWallet(
  sessions: WalletConnectSessions | undefined,
  networks: readonly CaipNetwork[],
): Promise<WalletConnectBitcoinWallet | undefined> {
  const session = await sessions?.current().catch(() => undefined)
  return session && sessionWallet(session, networks)
}
