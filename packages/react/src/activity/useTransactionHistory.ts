import { bindHistory, type TransactionsStore } from '@latch/core'
import { useCallback, useEffect } from 'react'
import { useStore } from 'zustand'

/**
 * Binds the history store to the account and network in view: a change of either starts
 * over from page one (the store drops pages that arrive for the previous pair).
 */
export function useTransactionHistory(
  history: TransactionsStore,
  account: string | undefined,
  caipNetworkId: string | undefined,
) {
  const state = useStore(history.store)

  // A second list over the same store (the page and the modal) shows what is there.
  useEffect(() => bindHistory(history, account, caipNetworkId), [history, account, caipNetworkId])

  const loadMore = useCallback(() => {
    const { next, loading } = history.getState()
    if (account && next && !loading)
      history.fetchTransactions(account, caipNetworkId).catch(() => {})
  }, [history, account, caipNetworkId])

  const retry = useCallback(() => {
    if (account) history.fetchTransactions(account, caipNetworkId).catch(() => {})
  }, [history, account, caipNetworkId])

  return { ...state, loadMore, retry }
}
