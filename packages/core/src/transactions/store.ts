import { createStore } from 'zustand/vanilla'
import { ApiError } from '../api/errors.js'
import { LatchError } from '../errors/base.js'
import type { HistoryPage, Transaction, TransactionsByYear } from './types.js'

export const FETCH_FAILED_MESSAGE = 'Failed to fetch transactions'
export const ACCOUNT_REQUIRED_MESSAGE = "Transactions can't be fetched without an accountAddress"

export class TransactionsAccountRequiredError extends LatchError {
  override name = 'TransactionsAccountRequiredError'
  constructor() {
    super(ACCOUNT_REQUIRED_MESSAGE)
  }
}

export interface TransactionsState {
  transactions: Transaction[]
  transactionsByYear: TransactionsByYear
  lastNetworkInView: string | undefined
  loading: boolean
  empty: boolean
  next: string | undefined
  /** The last fetch's failure, for an error state with a retry; cleared by the next fetch. */
  error: string | undefined
  /** The server keeps no history for this network: not a failure, and nothing to retry. */
  unsupported: boolean
  /**
   * The account and network the pages are for, as `bindHistory` set them: a second list over the
   * same store (the page and the modal) shows what is there. Undefined until a list binds it.
   */
  boundTo: string | undefined
}

export interface FetchErrorEvent {
  type: 'track'
  event: 'ERROR_FETCH_TRANSACTIONS'
  properties: {
    address: string
    projectId: string
    cursor: string | undefined
    isSmartAccount: boolean
  }
}

export interface TransactionsDeps {
  fetchPage(args: {
    account: string
    chainId: string | undefined
    cursor: string | undefined
  }): Promise<HistoryPage>
  track(event: FetchErrorEvent): void
  showError(message: string): void
  projectId(): string
  isSmartAccount(): boolean
}

const initialState = (): TransactionsState => ({
  transactions: [],
  transactionsByYear: {},
  lastNetworkInView: undefined,
  loading: false,
  empty: false,
  next: undefined,
  error: undefined,
  unsupported: false,
  boundTo: undefined,
})

export type TransactionsStore = ReturnType<typeof createTransactionsStore>

/** The history list of docs/behaviour.md#flows, #validation, #errors: fetch the next page, filter, merge, group. */
export function createTransactionsStore(deps: TransactionsDeps) {
  const store = createStore<TransactionsState>(initialState)
  // Bumped by reset(): a page that arrives for a previous account or network is dropped.
  let generation = 0
  let inFlight: { key: string; promise: Promise<void> } | undefined

  async function fetchTransactions(
    accountAddress: string | undefined,
    caipNetworkId: string | undefined,
  ) {
    if (!accountAddress) throw new TransactionsAccountRequiredError()
    const cursor = store.getState().next
    const key = `${accountAddress.toLowerCase()}|${caipNetworkId}|${cursor}`
    if (inFlight?.key === key) return inFlight.promise
    const started = generation
    store.setState({ loading: true, error: undefined, unsupported: false })
    const promise = (async () => {
      try {
        // The merge code loads while the page is on its way, so it adds no wait of its own.
        const [page, { mergePage }] = await Promise.all([
          deps.fetchPage({ account: accountAddress, chainId: caipNetworkId, cursor }),
          import('./merge.js'),
        ])
        if (started !== generation) return
        const { transactions, transactionsByYear } = mergePage(
          store.getState(),
          page.data,
          caipNetworkId,
        )
        store.setState({
          transactions,
          transactionsByYear,
          loading: false,
          empty: transactions.length === 0,
          next: page.next ?? undefined,
        })
      } catch (error) {
        if (started !== generation) return
        if (error instanceof ApiError && error.code === 'UNSUPPORTED_CHAIN') {
          store.setState({ loading: false, empty: true, next: undefined, unsupported: true })
          return
        }
        deps.track({
          type: 'track',
          event: 'ERROR_FETCH_TRANSACTIONS',
          properties: {
            address: accountAddress,
            projectId: deps.projectId(),
            cursor,
            isSmartAccount: deps.isSmartAccount(),
          },
        })
        deps.showError(FETCH_FAILED_MESSAGE)
        store.setState({
          loading: false,
          empty: true,
          next: undefined,
          error: FETCH_FAILED_MESSAGE,
        })
      } finally {
        if (inFlight?.key === key) inFlight = undefined
      }
    })()
    inFlight = { key, promise }
    return promise
  }

  return {
    store,
    getState: store.getState,
    subscribe: store.subscribe,
    fetchTransactions,
    setLastNetworkInView(caipNetworkId: string | undefined) {
      store.setState({ lastNetworkInView: caipNetworkId })
    },
    clearCursor() {
      store.setState({ next: undefined })
    },
    reset() {
      generation++
      inFlight = undefined
      store.setState(initialState())
    },
  }
}
