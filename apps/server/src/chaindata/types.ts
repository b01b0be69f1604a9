import type { Address, Hash, Hex } from 'viem'

// ---- Wire format (the reference's field names, kept exactly; see DESIGN.md §3) ----

export type OperationType =
  | 'send'
  | 'receive'
  | 'trade'
  | 'approve'
  | 'mint'
  | 'burn'
  | 'deploy'
  | 'execute'
  | 'deposit'
  | 'withdraw'
  | 'borrow'
  | 'repay'
  | 'claim'
  | 'stake'
  | 'unstake'
  | 'cancel'

export type TransactionStatus = 'confirmed' | 'failed' | 'pending'
export type TransferDirection = 'in' | 'out' | 'self'

export interface TransactionMetadata {
  operationType: OperationType
  hash: string
  /** ISO 8601. */
  minedAt: string
  sentFrom: string
  sentTo: string
  status: TransactionStatus
  nonce: number
  /** CAIP-2, e.g. `eip155:31337`. */
  chain: string
}

export interface FungibleInfo {
  name?: string
  symbol?: string
  icon?: { url: string }
}

export interface NftInfo {
  name?: string
  content?: {
    preview?: { url: string; content_type?: string }
    detail?: { url: string; content_type?: string }
  }
  flags: { is_spam: boolean }
}

export interface TransactionTransfer {
  fungible_info?: FungibleInfo
  nft_info?: NftInfo
  direction: TransferDirection
  /** Human decimal, never signed: the sign follows from `direction`. */
  quantity: { numeric: string }
  value?: number
  price?: number
}

export interface Transaction {
  id: string
  metadata: TransactionMetadata
  transfers: TransactionTransfer[] | null
}

export interface HistoryPage {
  data: Transaction[]
  next: string | null
}

// ---- Decoded chain data (what the indexer stores) ----

export type EventKind =
  | 'native'
  | 'internal'
  | 'erc20'
  | 'erc721'
  | 'erc1155'
  | 'approval'
  | 'approval_all'

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
