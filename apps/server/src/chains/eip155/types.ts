import type { Address, Hash, Hex } from 'viem'

// ---- Wire format: shared with the clients through @latch/core/wire ----

export type {
  FungibleInfo,
  HistoryPage,
  NftInfo,
  OperationType,
  Transaction,
  TransactionMetadata,
  TransactionStatus,
  TransactionTransfer,
  TransferDirection,
} from '@latch/core/wire'

// ---- Decoded chain data (what the indexer stores) ----

export type EventKind =
  | 'native'
  | 'internal'
  | 'erc20'
  | 'erc721'
  | 'erc1155'
  | 'approval'
  | 'approval_all'
  // ERC-4337: the EntryPoint's UserOperationEvent, laid out as userOperations.ts says
  | 'user_operation'
  | 'user_operation_failed'

/**
 * One value movement or approval inside a transaction. Keyed by (tx hash, logIndex, item):
 * logs use their log index; the top-level native value is logIndex -1; internal value transfers
 * found by tracing are logIndex -2 with item = their order in the trace; ERC-1155 batches use
 * item for their position in the batch.
 */
export interface ChainEvent {
  txHash: Hash
  logIndex: number
  item: number
  kind: EventKind
  /** Token contract; null for native and internal value. */
  token: Address | null
  tokenId: bigint | null
  /** Owner for approvals. */
  from: Address
  /** Spender/operator for approvals. */
  to: Address
  /** Value moved; for approvals the allowance (ERC-20) or 1/0 (approved or revoked). */
  amount: bigint
}

export interface ChainTx {
  hash: Hash
  txIndex: number
  from: Address
  /** null for a contract creation. */
  to: Address | null
  contractAddress: Address | null
  nonce: number
  value: bigint
  status: 'confirmed' | 'failed'
  /** First 4 bytes of calldata, or null for none. */
  selector: Hex | null
}

export interface BlockBundle {
  chainId: number
  number: number
  hash: Hash
  parentHash: Hash
  /** Unix seconds. */
  timestamp: number
  txs: ChainTx[]
  events: ChainEvent[]
}

export type TokenStandard = 'erc20' | 'erc721' | 'erc1155'

export interface TokenMetadata {
  address: Address
  standard: TokenStandard
  name: string | null
  symbol: string | null
  decimals: number | null
  /** Why the offline rules flagged the token as spam, or null. */
  spamReason: string | null
}
