import { groupByYearAndMonth } from './group.js'
import type { TransactionsStore } from './store.js'
import type { Transaction, TransactionStatus } from './types.js'

/** docs/behaviour.md#limits: at most 99 unconfirmed transactions are kept. */
export const PENDING_LIMIT = 99

export interface PendingSend {
  hash: string
  /** CAIP-2 network the transaction was sent on. */
  chain: string
  from: string
  to: string
  /** Decimal amount, as sent. */
  amount: string
  symbol: string
  name?: string | undefined
}

/**
 * Shows a transaction the account just sent at the top of the activity list, marked pending,
 * before the server has indexed it. Its id is the one the server gives the same transaction
 * (`chain:hash`), so the indexed copy replaces it in place when a page brings it.
 */
export function addPendingTransaction(history: TransactionsStore, send: PendingSend): void {
  const transaction: Transaction = {
    id: `${send.chain}:${send.hash}`,
    metadata: {
      operationType: 'send',
      hash: send.hash,
      minedAt: new Date().toISOString(),
      sentFrom: send.from,
      sentTo: send.to,
      status: 'pending',
      nonce: 0,
      chain: send.chain,
    },
    transfers: [
      {
        direction: 'out',
        quantity: { numeric: send.amount },
        fungible_info: { symbol: send.symbol, ...(send.name ? { name: send.name } : {}) },
      },
    ],
  }
  const state = history.getState()
  if (state.transactions.some((t) => t.id === transaction.id)) return
  const pending = state.transactions.filter((t) => t.metadata.status === 'pending')
  if (pending.length >= PENDING_LIMIT) return
  history.store.setState({
    transactions: [transaction, ...state.transactions],
    transactionsByYear: groupByYearAndMonth(state.transactionsByYear, [transaction]),
    empty: false,
  })
}

/** Marks a transaction sent from here as mined ('confirmed') or reverted ('failed'). */
export function settlePendingTransaction(
  history: TransactionsStore,
  { chain, hash }: Pick<PendingSend, 'chain' | 'hash'>,
  status: Exclude<TransactionStatus, 'pending'>,
): void {
  const id = `${chain}:${hash}`
  const state = history.getState()
  const held = state.transactions.find((t) => t.id === id)
  if (held?.metadata.status !== 'pending') return
  const settled = { ...held, metadata: { ...held.metadata, status } }
  history.store.setState({
    transactions: state.transactions.map((t) => (t.id === id ? settled : t)),
    transactionsByYear: groupByYearAndMonth(state.transactionsByYear, [settled]),
  })
}
