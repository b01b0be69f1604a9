import { activeAccountState } from '../stores/chain.js'
import type { LatchStores } from '../stores/index.js'
import { bindHistory } from '../transactions/bind.js'
import type { TransactionsStore } from '../transactions/store.js'

/**
 * Keeps the history on the active account and network: once a list has bound the store, a
 * change of either starts over from page one (`bindHistory` keeps an unchanged pair's pages), so
 * the previous account's rows never show under the new one. A page nobody has asked history of
 * fetches none. Returns the function that stops watching.
 */
export function watchHistoryReset({
  stores,
  history,
}: {
  stores: LatchStores
  history: TransactionsStore
}): () => void {
  let queued = false
  let stopped = false
  const sync = () => {
    queued = false
    if (stopped || history.getState().boundTo === undefined) return
    const state = stores.chain.getState()
    bindHistory(history, activeAccountState(state)?.address, state.activeCaipNetwork?.caipNetworkId)
  }
  sync()
  const unsubscribe = stores.chain.subscribe(() => {
    // A connect or switch sets the account and the network one after the other: one start-over
    // for the pair they end on, not one for the pair in between.
    if (queued) return
    queued = true
    queueMicrotask(sync)
  })
  return () => {
    stopped = true
    unsubscribe()
  }
}
