// `@latch/core/send`: the account actions' code (balances, send, pending rows), loaded only by the
// views that use them (docs/benchmarks.md, web budget).
export {
  type FetchTokenBalancesParameters,
  fetchTokenBalances,
  TOKEN_BALANCE_CACHE_MS,
} from '../controller/actions/fetchTokenBalances.js'
export {
  estimateSend,
  type SendTokenParameters,
  type SendTokenResult,
  sendToken,
  waitForTransaction,
} from '../controller/actions/sendToken.js'
export {
  addPendingTransaction,
  PENDING_LIMIT,
  type PendingSend,
  settlePendingTransaction,
} from '../transactions/pending.js'
export {
  isReceiverAddress,
  maxSendable,
  type SendCheck,
  type SendDraft,
  toDecimalAmount,
  tokenContract,
  validateSend,
} from './validate.js'
