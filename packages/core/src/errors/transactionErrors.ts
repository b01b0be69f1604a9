import {
  BaseError,
  ContractFunctionRevertedError,
  ExecutionRevertedError,
  FeeCapTooHighError,
  FeeCapTooLowError,
  InsufficientFundsError,
  IntrinsicGasTooHighError,
  IntrinsicGasTooLowError,
  NonceMaxValueError,
  NonceTooHighError,
  NonceTooLowError,
  TipAboveFeeCapError,
  TransactionTypeNotSupportedError,
} from 'viem'
import { toRpcFailure } from '../rpc/errors.js'
import { RpcTimeoutError, RpcUrlUnavailableError } from './errors.js'

/**
 * The catalogue's blockchain transaction errors (docs/behaviour.md#errors): execution reverted,
 * fee cap too high or low, nonce too high or low, insufficient funds, gas too high or low and an
 * unsupported transaction type. Kept here, not in messages.ts: only a send needs them, and
 * messages.ts ships with the page's first chunk.
 */
export const transactionErrorMessages = {
  executionReverted: 'The transaction was reverted by the contract.',
  feeCapTooHigh: 'The fee cap is higher than the network allows.',
  feeCapTooLow: 'The fee cap is lower than the network’s current base fee.',
  tipAboveFeeCap: 'The priority fee is higher than the fee cap.',
  nonceTooHigh: 'The nonce is higher than the account’s next nonce.',
  nonceTooLow: 'The nonce was already used: the account has sent another transaction since.',
  insufficientFunds: 'The account has too little to pay for the amount and the network fee.',
  gasTooHigh: 'The gas limit is higher than the block allows.',
  gasTooLow: 'The gas limit is too low for this transaction.',
  unsupportedType: 'The network does not support this transaction type.',
} as const

// Order matters only where viem nests one class in another (a revert inside a contract call).
const byClass: ReadonlyArray<readonly [abstract new (...args: never[]) => Error, string]> = [
  [ContractFunctionRevertedError, transactionErrorMessages.executionReverted],
  [ExecutionRevertedError, transactionErrorMessages.executionReverted],
  [FeeCapTooHighError, transactionErrorMessages.feeCapTooHigh],
  [FeeCapTooLowError, transactionErrorMessages.feeCapTooLow],
  [TipAboveFeeCapError, transactionErrorMessages.tipAboveFeeCap],
  [NonceTooHighError, transactionErrorMessages.nonceTooHigh],
  [NonceTooLowError, transactionErrorMessages.nonceTooLow],
  [NonceMaxValueError, transactionErrorMessages.nonceTooHigh],
  [InsufficientFundsError, transactionErrorMessages.insufficientFunds],
  [IntrinsicGasTooHighError, transactionErrorMessages.gasTooHigh],
  [IntrinsicGasTooLowError, transactionErrorMessages.gasTooLow],
  [TransactionTypeNotSupportedError, transactionErrorMessages.unsupportedType],
]

/**
 * The catalogue's sentence for a failed transaction, read from viem's error classes anywhere along
 * the cause chain (viem wraps the node's answer in TransactionExecutionError and the like), or a
 * timed-out or unreachable RPC as 'The request took too long to respond.' and 'Unavailable {chain}
 * RPC url at {url}'. Undefined when the error is none of these: the caller keeps its own wording.
 */
export function transactionErrorMessage(error: unknown, chainName?: string): string | undefined {
  if (!(error instanceof BaseError)) return undefined
  for (const [ErrorClass, message] of byClass)
    if (error.walk((e) => e instanceof ErrorClass) instanceof ErrorClass) return message
  // The RPC layer's own reading of a timeout or an unreachable host (rpc/errors.ts).
  const rpc = toRpcFailure(error, chainName ?? '')
  if (rpc instanceof RpcTimeoutError || (chainName && rpc instanceof RpcUrlUnavailableError))
    return rpc.message
  return undefined
}
