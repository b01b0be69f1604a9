/** `sendTransaction` and the `getTransaction` encodings of the local cluster. */

import { notImplemented, RpcError } from './errors.js'
import { type LedgerTransaction, type SolanaLedger, TransactionRejectedError } from './ledger.js'

/** A validator's code for a transaction refused at preflight (or before it lands). */
export const SEND_TRANSACTION_PREFLIGHT_FAILURE = -32002

export function sendTransaction(
  ledger: SolanaLedger,
  wire: Uint8Array,
  options: { skipPreflight: boolean },
): string {
  const transaction = ledger.decode(wire)
  try {
    if (!options.skipPreflight) {
      const preflight = ledger.simulate(transaction)
      if (preflight.err !== null) throw new TransactionRejectedError(preflight.err, preflight.logs)
    }
    return ledger.submit(transaction).signature
  } catch (error) {
    if (!(error instanceof TransactionRejectedError)) throw error
    throw new RpcError(
      SEND_TRANSACTION_PREFLIGHT_FAILURE,
      `Transaction simulation failed: ${error.message}`,
      { err: error.err, logs: error.logs, accounts: null, unitsConsumed: 0, returnData: null },
    )
  }
}

export function encodeTransaction(tx: LedgerTransaction, encoding: unknown) {
  let transaction: unknown
  if (encoding === 'base64') transaction = [Buffer.from(tx.wire).toString('base64'), 'base64']
  else if (encoding === undefined || encoding === 'json')
    transaction = {
      signatures: tx.signatures,
      message: {
        accountKeys: tx.accountKeys,
        header: tx.header,
        recentBlockhash: tx.recentBlockhash,
        instructions: tx.instructions,
        ...(tx.version === 0 ? { addressTableLookups: [] } : {}),
      },
    }
  else throw notImplemented(`Transaction encoding "${String(encoding)}"`)
  return {
    slot: tx.slot,
    blockTime: tx.blockTime,
    version: tx.version,
    transaction,
    meta: {
      err: tx.err,
      status: tx.err ? { Err: tx.err } : { Ok: null },
      fee: tx.fee,
      preBalances: tx.preBalances,
      postBalances: tx.postBalances,
      preTokenBalances: tx.preTokenBalances,
      postTokenBalances: tx.postTokenBalances,
      innerInstructions: tx.innerInstructions,
      logMessages: tx.logMessages,
      rewards: [],
      loadedAddresses: { writable: [], readonly: [] },
      computeUnitsConsumed: tx.computeUnitsConsumed,
    },
  }
}
