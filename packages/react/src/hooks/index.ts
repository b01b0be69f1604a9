// Every Latch hook is named useLatch…: none can clash with wagmi's in one import list
// (docs/react-hooks.md).
export { type UseLatchAccountResult, useLatchAccount } from './useLatchAccount.js'
export { useLatchAlerts } from './useLatchAlerts.js'
export { useLatchAuthUser } from './useLatchAuthUser.js'
export { type UseLatchConnectResult, useLatchConnect } from './useLatchConnect.js'
export { useLatchConnectors } from './useLatchConnectors.js'
export { type UseLatchDisconnectResult, useLatchDisconnect } from './useLatchDisconnect.js'
export { type UseLatchModalResult, useLatchModal } from './useLatchModal.js'
export { type UseLatchNetworkResult, useLatchNetwork } from './useLatchNetwork.js'
export {
  type SendCallsOptions,
  type UseLatchSendCallsResult,
  useLatchSendCalls,
} from './useLatchSendCalls.js'
export { type UseLatchSignMessageResult, useLatchSignMessage } from './useLatchSignMessage.js'
export { useLatchTransactions } from './useLatchTransactions.js'
