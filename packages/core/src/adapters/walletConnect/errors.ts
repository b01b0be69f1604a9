import { LatchError } from '../../errors/base.js'
import type { ChainNamespace } from '../../networks/types.js'

/** A page load found no WalletConnect session to restore, or the wallet approved no EVM account. */
export class WalletConnectNotConnectedError extends LatchError {
  override name = 'WalletConnectNotConnectedError'
  constructor() {
    super('No WalletConnect session')
  }
}

/** Every pairing URI offered expired unscanned (docs/walletconnect.md#pairing). */
export class PairingExpiredError extends LatchError {
  override name = 'PairingExpiredError'
  constructor() {
    super('The connection request expired. Try again.')
  }
}

/**
 * The wallet approved accounts of other namespaces only (a Bitcoin-only phone wallet asked from
 * the EVM connector): their adapters connected them. The controller finishes the connect attempt
 * in `connectedNamespace` instead of failing it.
 */
export class WalletConnectOtherNamespaceError extends LatchError {
  override name = 'WalletConnectOtherNamespaceError'
  constructor(readonly connectedNamespace: ChainNamespace) {
    super('The wallet connected another chain family only')
  }
}
