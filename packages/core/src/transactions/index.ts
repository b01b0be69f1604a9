export { bindHistory } from './bind.js'
export { dropSpam, isSpamOnly, keepChain } from './filters.js'
export { groupByYearAndMonth, type MonthGroup, orderedGroups } from './group.js'
export {
  ACCOUNT_REQUIRED_MESSAGE,
  createTransactionsStore,
  FETCH_FAILED_MESSAGE,
  type FetchErrorEvent,
  TransactionsAccountRequiredError,
  type TransactionsDeps,
  type TransactionsState,
  type TransactionsStore,
} from './store.js'
export type * from './types.js'
