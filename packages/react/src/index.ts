export { ActivityList, type ActivityListProps } from './activity/ActivityList.js'
export { useTransactionHistory } from './activity/useTransactionHistory.js'
export {
  type LatchConfig,
  LatchProvider,
  LatchProviderMissingError,
  useLatchConfig,
} from './context.js'
export { en, type Messages } from './messages.js'
export { latchStyles, type ThemeVariables, themeDefaults } from './theme/styles.js'
