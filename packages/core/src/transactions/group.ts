import type { Transaction, TransactionsByYear } from './types.js'

const minedAt = (t: Transaction) => Date.parse(t.metadata.minedAt)

/**
 * Merges a page into the year → month groups, in local time. A transaction already in its
 * month (same id) is replaced by the newer copy, so a refetched page never shows twice.
 */
export function groupByYearAndMonth(
  existing: TransactionsByYear,
  page: readonly Transaction[],
): TransactionsByYear {
  const grouped: TransactionsByYear = {}
  for (const [year, months] of Object.entries(existing)) {
    grouped[Number(year)] = { ...months }
  }
  for (const transaction of page) {
    const date = new Date(minedAt(transaction))
    const year = date.getFullYear()
    const month = date.getMonth()
    const months = grouped[year] ?? {}
    grouped[year] = months
    const list = (months[month] ?? []).filter((t) => t.id !== transaction.id)
    list.push(transaction)
    months[month] = list.sort((a, b) => minedAt(b) - minedAt(a))
  }
  return grouped
}

export interface MonthGroup {
  year: number
  month: number
  transactions: Transaction[]
}

/** The groups in display order: newest year first, then newest month first. */
export function orderedGroups(byYear: TransactionsByYear): MonthGroup[] {
  const groups: MonthGroup[] = []
  for (const year of Object.keys(byYear)
    .map(Number)
    .sort((a, b) => b - a)) {
    const months = byYear[year] ?? {}
    for (const month of Object.keys(months)
      .map(Number)
      .sort((a, b) => b - a)) {
      const transactions = months[month] ?? []
      if (transactions.length) groups.push({ year, month, transactions })
    }
  }
  return groups
}
