import { LatchError, type LatchErrorOptions } from '../../errors/base.js'

// Bitcoin's own failures, each a class a caller can tell apart. They are LatchErrors so that the
// send action's SendTokenError shows their short message (the node's reason for a refusal).

/** The receiver is no Bitcoin address (checksum, prefix or witness program). */
export class BitcoinInvalidAddressError extends LatchError {
  override name = 'BitcoinInvalidAddressError'
  constructor(readonly address: string) {
    super('Enter a valid Bitcoin address', { details: `Not a Bitcoin address: ${address}` })
  }
}

/** A valid address of another network (a mainnet address on regtest, …): the coins would be lost. */
export class BitcoinAddressNetworkError extends LatchError {
  override name = 'BitcoinAddressNetworkError'
  constructor(
    readonly address: string,
    readonly network: string,
  ) {
    super(`This address is not on ${network}`, {
      details: `${address} is not a ${network} address`,
    })
  }
}

/** The amount is below what the network relays for that output (dust). */
export class BitcoinDustAmountError extends LatchError {
  override name = 'BitcoinDustAmountError'
  constructor(readonly minimum: bigint) {
    super(`The amount is too small to send: at least ${minimum} sats`)
  }
}

/** The payment account's coins do not cover the amount and the fee at the chosen rate. */
export class BitcoinInsufficientFundsError extends LatchError {
  override name = 'BitcoinInsufficientFundsError'
  constructor(options: LatchErrorOptions = {}) {
    super('Insufficient funds for the amount and the network fee', options)
  }
}

/** The node refused the transaction; `reason` is its own text, shown as it wrote it. */
export class BitcoinBroadcastError extends LatchError {
  override name = 'BitcoinBroadcastError'
  constructor(readonly reason: string) {
    super(`The node refused the transaction: ${reason}`, { category: 'RPC_ERROR' })
  }
}

/** The wallet cannot do what was asked, or answered something unusable. */
export class BitcoinWalletError extends LatchError {
  override name = 'BitcoinWalletError'
}

/** The visitor said no in the wallet; code 4001 as on EVM, so actions file it as USER_REJECTED. */
export class BitcoinWalletRejectedError extends LatchError {
  override name = 'BitcoinWalletRejectedError'
  readonly code = 4001
  constructor(options: LatchErrorOptions = {}) {
    super('User rejected the request.', { ...options, category: 'USER_REJECTED' })
  }
}

// sats-connect's USER_REJECTION, EIP-1193's 4001 (Unisat, OKX), and wallets that only say so.
const REJECTED_CODES = new Set([4001, -32000])
const REJECTED_TEXT = /reject|denied|cancel|declin/i

/** Wallet failures as the adapter's errors: a refusal becomes BitcoinWalletRejectedError. */
export function walletError(cause: unknown, what: string): LatchError {
  if (cause instanceof LatchError) return cause
  const { code, message } = (cause ?? {}) as { code?: unknown; message?: unknown }
  if (
    (typeof code === 'number' && REJECTED_CODES.has(code)) ||
    (typeof message === 'string' && REJECTED_TEXT.test(message))
  )
    return new BitcoinWalletRejectedError({ cause })
  return new BitcoinWalletError(`The wallet could not ${what}`, { cause })
}
