import { FrameError } from '../../../handler.js'

/**
 * A page's own ERC-4337 user operation. The embedded wallet builds, sponsors and signs its
 * smart account's operations itself, from the calls a page sends with `wallet_sendCalls`
 * (docs/smart-accounts.md): a prebuilt operation carries a nonce, gas limits and paymaster data
 * the page chose, which the wallet would have to sign as they are. It is refused before any
 * approval view, rather than shown and then refused.
 */
export const USER_OPERATION_METHOD = 'eth_sendUserOperation'

/** EIP-1193 4200 (unsupported method), naming the method that does the job. */
export class UserOperationNotAcceptedError extends FrameError {
  override name = 'UserOperationNotAcceptedError'
  constructor() {
    super(
      'This wallet sends its own user operations: send the calls with wallet_sendCalls instead of eth_sendUserOperation',
      4200,
    )
  }
}
