import { type Connector, closeModal, pushView, type WalletConnectWallet } from '@latch/core'
import type { LatchClient } from '../client.js'

/** The width below which a WalletConnect pairing opens a phone app instead of showing a QR code. */
export const PHONE_QUERY = '(max-width: 600px)'

export const isPhoneWidth = (): boolean =>
  typeof window !== 'undefined' && window.matchMedia?.(PHONE_QUERY).matches === true

/**
 * WalletConnect, or a catalogue wallet through it, was picked: the click asks the connector for a
 * pairing, and the view shows its URI (QR code, app links) and how the attempt goes. Success
 * closes the modal; a refusal stays on the view, which offers a retry. On a phone without a
 * chosen wallet, the view lists the wallet apps instead of a QR code.
 */
export async function connectWithWalletConnect(
  { stores, controller }: Pick<LatchClient, 'stores' | 'controller'>,
  connector: Pick<Connector, 'id' | 'chain'>,
  wallet?: WalletConnectWallet,
  { push = true }: { push?: boolean } = {},
): Promise<void> {
  const connectorId = connector.id
  // A retry from the view stays on it: the view already shows this attempt.
  if (push)
    pushView(
      stores.router,
      !wallet && isPhoneWidth()
        ? { view: 'ConnectingWalletConnectBasic', connectorId }
        : { view: 'ConnectingWalletConnect', connectorId, wallet },
    )
  try {
    await controller.connect({
      namespace: connector.chain,
      connectorId,
      recentWallet: wallet ? { ...wallet, connectorId } : undefined,
    })
    closeModal(stores.router)
  } catch {
    // The view shows the refusal or failure from the connect attempt.
  }
}
