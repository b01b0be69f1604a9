export { authDisplayName, truncateAddress, truncateDisplayName } from './address.js'
export { formatLocale, localDecimal, setFormatLocale } from './locale.js'
export { qrModulesPath } from './qrPath.js'
export { formatQuantity } from './quantity.js'
export { exactDateTime, monthGroupTitle, relativeTimeFrom } from './time.js'
export {
  amountSign,
  operationTitles,
  presentTransaction,
  type TransactionImage,
  type TransactionRow,
  transactionTitle,
} from './transaction.js'
