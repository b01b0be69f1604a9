import { createStore, type StoreApi } from 'zustand/vanilla'
import type { CaipNetwork } from '../networks/types.js'

/** Seed §2 modal views. */
export const viewNames = [
  'Connect',
  'ConnectingExternal',
  'ConnectingWalletConnect',
  'ConnectingWalletConnectBasic',
  'ConnectingFarcaster',
  'AllWallets',
  'EmailLogin',
  'ProfileWallets',
  'UpdateEmailWallet',
  'SwitchNetwork',
  'SwitchActiveChain',
  'SIWXSignMessage',
  'ApproveTransaction',
  'Account',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
  'Swap',
  'UnsupportedChain',
  // Latch's own: the network list (SwitchNetwork is the pending switch) and the activity list.
  'Networks',
  'Activity',
  // The email steps of seed §4 split into one view per code: sign-in, then update (current, new).
  'EmailVerifyOtp',
  'EmailVerifyDevice',
  'UpdateEmailPrimaryOtp',
  'UpdateEmailSecondaryOtp',
] as const

export type ViewName = (typeof viewNames)[number]

export interface RouterData {
  connectorId?: string | undefined
  network?: CaipNetwork | undefined
  /** SwitchActiveChain parameters. */
  switchToChain?: string | undefined
  navigateTo?: ViewName | undefined
  navigateWithReplace?: boolean | undefined
  /** The email a sign-in or email-update step is about (the new one while updating). */
  email?: string | undefined
}

export interface RouterState {
  open: boolean
  view: ViewName
  history: ViewName[]
  data: RouterData | undefined
}

export type RouterStore = StoreApi<RouterState>

export function createRouterStore(): RouterStore {
  return createStore<RouterState>()(() => ({
    open: false,
    view: 'Connect',
    history: ['Connect'],
    data: undefined,
  }))
}

export function pushView(store: RouterStore, view: ViewName, data?: RouterData): void {
  store.setState((state) =>
    state.view === view && data === undefined
      ? state
      : { view, history: [...state.history, view], data },
  )
}

export function replaceView(store: RouterStore, view: ViewName, data?: RouterData): void {
  store.setState((state) => ({ view, history: [...state.history.slice(0, -1), view], data }))
}

export function goBack(store: RouterStore): void {
  store.setState((state) => {
    if (state.history.length <= 1) return state
    const history = state.history.slice(0, -1)
    return { view: history[history.length - 1]!, history, data: undefined }
  })
}

export function openModal(store: RouterStore, view: ViewName = 'Connect', data?: RouterData): void {
  store.setState({ open: true, view, history: [view], data })
}

export function closeModal(store: RouterStore): void {
  store.setState({ open: false })
}
