/**
 * The history wire format of `GET /v1/account/:address/history`. Field names are the reference
 * cloud's, kept exactly, so either side can talk to the other's counterpart.
 */
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
  operationType: OperationType | (string & {})
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
  /**
   * Latch's extension: set on a token the server judged spam (an unsolicited airdrop on Solana,
   * docs/solana.md#history). The reference sends no flag for fungibles; absent means not spam.
   */
  flags?: { is_spam: boolean }
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
  quantity: { numeric: string }
  value?: number
  price?: number
}

export interface Transaction {
  id: string
  metadata: TransactionMetadata
  transfers: TransactionTransfer[] | null
}

/** One page of history, newest first; `next` is an opaque cursor for the following page. */
export interface HistoryPage {
  data: Transaction[]
  next: string | null
}

/** `GET /v1/supported-chains`: CAIP-2 ids with history. */
export interface SupportedChains {
  http: string[]
  ws: string[]
}
