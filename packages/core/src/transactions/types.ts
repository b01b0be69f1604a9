// The history wire format has one home, shared with the server: `@latch/core/wire`.
import type { Transaction } from '../wire/history.js'

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
} from '../wire/history.js'

/** year → month (0–11) → transactions, newest first. */
export type TransactionsByYear = Record<number, Record<number, Transaction[]>>
