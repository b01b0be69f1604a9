import { type Hex, isHex, toHex } from 'viem'
import { FrameError } from '../../../handler.js'

/** What a bundler answers for `eth_getUserOperationReceipt` (ERC-4337), as far as it is used. */
export interface UserOperationReceipt {
  success: boolean
  logs?: unknown[]
  receipt: {
    transactionHash: Hex
    blockHash: Hex
    blockNumber: Hex
    gasUsed: Hex
    status?: Hex
  }
}

/** EIP-5792's `wallet_getCallsStatus` answer. */
export interface CallsStatus {
  version: '2.0.0'
  id: Hex
  chainId: Hex
  /** 100 pending, 200 confirmed, 500 reverted on chain (EIP-5792 status codes). */
  status: 100 | 200 | 500
  atomic: true
  receipts?: {
    logs: unknown[]
    status: Hex
    blockHash: Hex
    blockNumber: Hex
    gasUsed: Hex
    transactionHash: Hex
  }[]
}

/** A batch id this wallet handed out: the user operation's hash. */
export function parseCallsId(params: unknown): Hex {
  const id = Array.isArray(params) ? params[0] : undefined
  if (typeof id !== 'string' || !isHex(id) || id.length !== 66)
    throw new FrameError('Unknown bundle id', 5730)
  return id
}

/**
 * The batch's status from its user operation's receipt (null while the bundler has not included
 * it). A smart account's batch is one operation, so it is all or nothing: one receipt whose logs
 * are the operation's own, not the whole bundle transaction's.
 */
export function callsStatus(
  id: Hex,
  chainId: number,
  receipt: UserOperationReceipt | null,
): CallsStatus {
  const base = { version: '2.0.0' as const, id, chainId: toHex(chainId), atomic: true as const }
  if (!receipt) return { ...base, status: 100 }
  const { transactionHash, blockHash, blockNumber, gasUsed } = receipt.receipt
  return {
    ...base,
    status: receipt.success ? 200 : 500,
    receipts: [
      {
        logs: receipt.logs ?? [],
        status: receipt.success ? '0x1' : '0x0',
        blockHash,
        blockNumber,
        gasUsed,
        transactionHash,
      },
    ],
  }
}
