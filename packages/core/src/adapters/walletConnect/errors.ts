import { LatchError } from '../../errors/base.js'

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
