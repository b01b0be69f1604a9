import type { Connector, WalletConnectWallet } from '@latch/core'
import type { LatchClient } from '../client.js'
import type { CatalogueWallet } from '../wallets/client.js'

/**
 * A WalletConnect row was picked. The navigation comes in one chunk with the WalletConnect view,
 * fetched on the pick: the Connect view itself carries only this.
 */
export function pickWalletConnect(
  client: Pick<LatchClient, 'stores' | 'controller'>,
  connector: Pick<Connector, 'id' | 'chain'>,
  wallet?: WalletConnectWallet,
): void {
  void import('./walletConnect.js').then((m) =>
    m.connectWithWalletConnect(client, connector, wallet),
  )
}

/** A catalogue entry as the WalletConnect view needs it: name, logo and app links. */
export function toWalletConnectWallet(
  wallet: CatalogueWallet,
  imageUrl: (imageId: string) => string,
): WalletConnectWallet {
  return {
    id: wallet.id,
    name: wallet.name,
    imageUrl: imageUrl(wallet.image_id),
    mobileLink: wallet.mobile_link ?? undefined,
    desktopLink: wallet.desktop_link ?? undefined,
  }
}
