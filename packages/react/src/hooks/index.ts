// Every Latch hook is named useLatch…: none can clash with wagmi's in one import list
// (docs/react-hooks.md).
export { type UseLatchAccountResult, useLatchAccount } from './useLatchAccount.js'
export { type UseLatchConnectResult, useLatchConnect } from './useLatchConnect.js'
export { type UseLatchDisconnectResult, useLatchDisconnect } from './useLatchDisconnect.js'
export {
  useLatchAlerts,
  useLatchAuthUser,
  useLatchConnectors,
  useLatchTransactions,
} from './useLatchMisc.js'
export { type UseLatchModalResult, useLatchModal } from './useLatchModal.js'
export { type UseLatchNetworkResult, useLatchNetwork } from './useLatchNetwork.js'
