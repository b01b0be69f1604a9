import { dropSpam, keepChain } from './filters.js'
import { groupByYearAndMonth } from './group.js'
import type { Transaction, TransactionsByYear } from './types.js'

/**
 * Filters a fetched page and merges it into what the store holds. Only the activity list fetches
 * pages, and it loads after the first paint, so the store imports this beside its first fetch.
 */
export function mergePage(
  held: { transactions: Transaction[]; transactionsByYear: TransactionsByYear },
  page: readonly Transaction[],
  caipNetworkId: string | undefined,
) {
  const fresh = keepChain(dropSpam(page), caipNetworkId)
  return {
    transactions: [...held.transactions.filter((t) => !fresh.some((f) => f.id === t.id)), ...fresh],
    transactionsByYear: groupByYearAndMonth(held.transactionsByYear, fresh),
  }
}
