import type { TransactionsStore } from './store.js'

/**
 * Binds the history store to an account and network: a change of either starts over from page
 * one (the store drops pages that arrive for the previous pair); the same pair keeps what is
 * there. The pair is kept in the store's state, so every list over the store sees it.
 */
export function bindHistory(
  history: TransactionsStore,
  accountAddress: string | undefined,
  caipNetworkId: string | undefined,
): void {
  const boundTo = `${accountAddress?.toLowerCase()}|${caipNetworkId}`
  if (history.getState().boundTo === boundTo) return
  history.reset()
  history.store.setState({ lastNetworkInView: caipNetworkId, boundTo })
  if (accountAddress) history.fetchTransactions(accountAddress, caipNetworkId).catch(() => {})
}
