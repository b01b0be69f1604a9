import { LatchError, type LatchErrorOptions } from '../../errors/base.js'

// Cosmos's own failures, each a class a caller can tell apart. LatchErrors, so the send action's
// SendTokenError shows their short message (the node's log for a refusal).

/** The receiver is no account of the chain: not bech32, a bad checksum, or another chain's prefix. */
export class CosmosInvalidAddressError extends LatchError {
  override name = 'CosmosInvalidAddressError'
  constructor(
    readonly address: string,
    readonly network: string,
  ) {
    super(`Enter a valid ${network} address`, {
      details: `Not an account of ${network}: ${address}`,
    })
  }
}

/** A network the adapter has no chain data for (prefix, denoms, gas price), or not the app's. */
export class CosmosChainUnsupportedError extends LatchError {
  override name = 'CosmosChainUnsupportedError'
  constructor(readonly chainId: string) {
    super(`The Cosmos chain ${chainId} is not supported`)
  }
}

/** The node refused the transaction at CheckTx; `code` and `log` are the SDK's. */
export class CosmosBroadcastError extends LatchError {
  override name = 'CosmosBroadcastError'
  constructor(
    readonly code: number,
    readonly log: string,
  ) {
    super(`The node refused the transaction: ${log}`, { category: 'RPC_ERROR' })
  }
}

/** The node's simulation of the send failed (insufficient funds, …); `log` is its reason. */
export class CosmosSimulationError extends LatchError {
  override name = 'CosmosSimulationError'
  constructor(
    readonly log: string,
    options: LatchErrorOptions = {},
  ) {
    super(`The node refused the transaction: ${log}`, { ...options, category: 'RPC_ERROR' })
  }
}

/** The wallet cannot do what was asked, or answered something unusable. */
export class CosmosWalletError extends LatchError {
  override name = 'CosmosWalletError'
}

/** The visitor said no in the wallet; code 4001 as on EVM, so actions file it as USER_REJECTED. */
export class CosmosWalletRejectedError extends LatchError {
  override name = 'CosmosWalletRejectedError'
  readonly code = 4001
  constructor(options: LatchErrorOptions = {}) {
    super('User rejected the request.', { ...options, category: 'USER_REJECTED' })
  }
}

// Keplr throws plain Errors whose text says "Request rejected"; Leap and others use 4001.
const REJECTED_TEXT = /reject|denied|cancel|declin/i

/** Wallet failures as the adapter's errors: a refusal becomes CosmosWalletRejectedError. */
export function walletError(cause: unknown, what: string): LatchError {
  if (cause instanceof LatchError) return cause
  const { code, message } = (cause ?? {}) as { code?: unknown; message?: unknown }
  if (code === 4001 || (typeof message === 'string' && REJECTED_TEXT.test(message)))
    return new CosmosWalletRejectedError({ cause })
  return new CosmosWalletError(`The wallet could not ${what}`, { cause })
}
