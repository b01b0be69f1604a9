import type { TransactionsStore } from '@latch/core'
import { useCallback, useEffect } from 'react'
import { useStore } from 'zustand'

// The account and network each history store was last bound to: a second list over the same
// store (the page and the modal) shows what is there instead of starting over.
const bound = new WeakMap<TransactionsStore, string>()

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

  useEffect(() => {
    const key = `${account?.toLowerCase()}|${caipNetworkId}`
    if (bound.get(history) === key) return
    bound.set(history, key)
    history.reset()
    history.setLastNetworkInView(caipNetworkId)
    if (account) history.fetchTransactions(account, caipNetworkId).catch(() => {})
  }, [history, account, caipNetworkId])

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
