export { AccountActivity } from './activity/AccountActivity.js'
export { ActivityList, type ActivityListProps } from './activity/ActivityList.js'
export { useTransactionHistory } from './activity/useTransactionHistory.js'
export { ConnectButton, type ConnectButtonProps } from './ConnectButton.js'
export {
  ConnectButtonCustom,
  type ConnectButtonCustomProps,
  type ConnectButtonRenderProps,
} from './ConnectButtonCustom.js'
export {
  createLatchClient,
  type LatchClient,
  type LatchConfig,
  type ThemeMode,
} from './client.js'
export { LatchProviderMissingError, useLatch, useLatchConfig } from './context.js'
export {
  type UseLatchAccountResult,
  type UseLatchConnectResult,
  type UseLatchDisconnectResult,
  type UseLatchModalResult,
  type UseLatchNetworkResult,
  type UseLatchSendCallsResult,
  type UseLatchSignMessageResult,
  useLatchAccount,
  useLatchAlerts,
  useLatchAuthUser,
  useLatchConnect,
  useLatchConnectors,
  useLatchDisconnect,
  useLatchModal,
  useLatchNetwork,
  useLatchSendCalls,
  useLatchSignMessage,
  useLatchTransactions,
} from './hooks/index.js'
export { LatchProvider, type LatchProviderProps } from './LatchProvider.js'
export { en, fill, type Messages } from './messages.js'
export { notify } from './notify.js'
export { latchStyles, type ThemeVariables, themeDefaults } from './theme/styles.js'
export { useThemeMode, useThemeStyle } from './theme/useTheme.js'
export { type CatalogueWallet, type WalletsClient, walletsOf } from './wallets/client.js'
