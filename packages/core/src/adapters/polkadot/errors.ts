import { LatchError, type LatchErrorOptions } from '../../errors/base.js'

// Polkadot's own failures, each a class a caller can tell apart. They are LatchErrors so the send
// action's SendTokenError shows their short message (the chain's reason for a refusal).

/** The receiver is no SS58 address, or one written for another network. */
export class PolkadotInvalidAddressError extends LatchError {
  override name = 'PolkadotInvalidAddressError'
  constructor(
    readonly address: string,
    reason = 'Enter a valid Polkadot address',
  ) {
    super(reason, { details: `Not an address of this network: ${address}` })
  }
}

/**
 * A transfer that would take the sender below the chain's existential deposit: with
 * `transferKeepAlive` the runtime fails it (`balances.KeepAlive`) and the fee is lost, so the
 * adapter refuses it before the wallet is asked. Also a receiver left with less than the deposit.
 */
export class PolkadotExistentialDepositError extends LatchError {
  override name = 'PolkadotExistentialDepositError'
  constructor(
    readonly existentialDeposit: bigint,
    readonly side: 'sender' | 'receiver',
    display: string,
  ) {
    super(
      side === 'sender'
        ? `The account must keep at least the existential deposit (${display}): send less`
        : `The receiver would hold less than the existential deposit (${display}): send more`,
    )
  }
}

/** The account's transferable balance does not cover the amount and the fee. */
export class PolkadotInsufficientBalanceError extends LatchError {
  override name = 'PolkadotInsufficientBalanceError'
  constructor(options: LatchErrorOptions = {}) {
    super('Insufficient balance for the amount and the network fee', options)
  }
}

/** The node refused the transaction, or the runtime dispatched and failed it; `reason` is its own. */
export class PolkadotTransactionError extends LatchError {
  override name = 'PolkadotTransactionError'
  constructor(readonly reason: string) {
    super(`The chain refused the transaction: ${reason}`, { category: 'RPC_ERROR' })
  }
}

/** The extension cannot do what was asked, or answered something unusable. */
export class PolkadotWalletError extends LatchError {
  override name = 'PolkadotWalletError'
}

/** The visitor said no in the extension; code 4001 as on EVM, so actions file it as USER_REJECTED. */
export class PolkadotWalletRejectedError extends LatchError {
  override name = 'PolkadotWalletRejectedError'
  readonly code = 4001
  constructor(options: LatchErrorOptions = {}) {
    super('User rejected the request.', { ...options, category: 'USER_REJECTED' })
  }
}

// polkadot-js says "Cancelled", Talisman and SubWallet "Rejected" or "User rejected".
const REJECTED_TEXT = /reject|denied|cancel|declin/i

/** Extension failures as the adapter's errors: a refusal becomes PolkadotWalletRejectedError. */
export function walletError(cause: unknown, what: string): LatchError {
  if (cause instanceof LatchError) return cause
  const { code, message } = (cause ?? {}) as { code?: unknown; message?: unknown }
  if (code === 4001 || (typeof message === 'string' && REJECTED_TEXT.test(message)))
    return new PolkadotWalletRejectedError({ cause })
  return new PolkadotWalletError(`The wallet could not ${what}`, { cause })
}
