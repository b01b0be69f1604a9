import { createStore, type StoreApi } from 'zustand/vanilla'
import type { OAuthSocialProvider } from '../auth/types.js'
import type { CaipNetwork, ChainNamespace } from '../networks/types.js'

/** The modal views of docs/behaviour.md#views. */
export const viewNames = [
  'Connect',
  'ConnectingExternal',
  // Latch's own: a wallet on several namespaces, before the visitor picks one to connect it on.
  'ConnectingMultiChain',
  'ConnectingWalletConnect',
  'ConnectingWalletConnectBasic',
  'ConnectingFarcaster',
  // Latch's own: an OAuth sign-in waiting on the secure frame's window (docs/social.md).
  'ConnectingSocial',
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
  'UnsupportedChain',
  // Latch's own: the network list (SwitchNetwork is the pending switch) and the activity list.
  'Networks',
  'Activity',
  // The email steps of docs/behaviour.md#flows split into one view per code: sign-in, then update (current, new).
  'EmailVerifyOtp',
  'EmailVerifyDevice',
  'UpdateEmailPrimaryOtp',
  'UpdateEmailSecondaryOtp',
  // The account actions: send (form, then review and result) and receive.
  'WalletSend',
  'WalletSendPreview',
  'WalletReceive',
  // Latch's own: buying with a card or bank (docs/onramp.md), then the purchase's status.
  'Buy',
  'BuyStatus',
  // Swapping tokens on the account's network (docs/swap.md).
  'Swap',
] as const

export type ViewName = (typeof viewNames)[number]

/**
 * The reference's view names that have no view in Latch's modal (docs/behaviour.md#views), so a
 * route cannot name them: none since `Swap` was built.
 */
export const referenceOnlyViewNames: readonly string[] = []

/** A catalogue wallet reached through WalletConnect: its logo on the QR code, its app links. */
export interface WalletConnectWallet {
  id: string
  name: string
  imageUrl?: string | undefined
  /** The catalogue's native scheme or universal link of the phone app. */
  mobileLink?: string | undefined
  desktopLink?: string | undefined
}

/** What each view needs to be shown; a view missing here takes no parameters. */
export interface RouteParams {
  /** The wallet being asked to connect. */
  ConnectingExternal: { connectorId: string }
  /** The MULTI_CHAIN connector (docs/solana.md#wallets-on-two-chains) whose namespaces are offered. */
  ConnectingMultiChain: { connectorId: string }
  /** A WalletConnect pairing: any wallet, or the catalogue wallet the visitor picked. */
  ConnectingWalletConnect: { connectorId: string; wallet?: WalletConnectWallet | undefined }
  /** Phones: the catalogue's wallets, each opening its app with the pairing URI. */
  ConnectingWalletConnectBasic: { connectorId: string }
  /** The provider whose sign-in the secure frame is running. */
  ConnectingSocial: { provider: OAuthSocialProvider }
  /** The network the wallet is being asked to switch to. */
  SwitchNetwork: { network: CaipNetwork }
  /**
   * Another namespace is needed (its network picked, or email on a namespace without it): the
   * view makes `switchToChain` active (on `network` when given), then opens `navigateTo`,
   * replacing itself when `navigateWithReplace`.
   */
  SwitchActiveChain: {
    switchToChain: ChainNamespace
    navigateTo?: ParamlessView | undefined
    navigateWithReplace?: boolean | undefined
    network?: CaipNetwork | undefined
  }
  /** The email a sign-in or email-update step is about (the new one while updating). */
  EmailVerifyOtp: { email: string }
  EmailVerifyDevice: { email: string }
  UpdateEmailPrimaryOtp: { email: string }
  UpdateEmailSecondaryOtp: { email: string }
  /** The name just registered. */
  RegisterAccountNameSuccess: { name: string }
  /** The purchase being watched; the checkout's URL when its window could not be opened. */
  BuyStatus: { sessionId: string; provider: string; checkoutUrl?: string | undefined }
}

/** A view reached by its name alone. */
export type ParamlessView = Exclude<ViewName, keyof RouteParams>

type ParamsOf<view extends ViewName> = view extends keyof RouteParams
  ? RouteParams[view]
  : Record<never, never>

/** One modal screen and its parameters: a discriminated union on `view`. */
export type Route = { [view in ViewName]: { view: view } & ParamsOf<view> }[ViewName]

/** The route of one view, e.g. `RouteOf<'SwitchNetwork'>` has `network`. */
export type RouteOf<view extends ViewName> = Extract<Route, { view: view }>

/** Where to go: a full route, or just the name of a view that takes no parameters. */
export type RouteTarget = Route | ParamlessView

export interface RouterState {
  open: boolean
  /** The route on screen; always the last entry of `history`. */
  route: Route
  history: Route[]
}

export type RouterStore = StoreApi<RouterState>

const toRoute = (target: RouteTarget): Route =>
  typeof target === 'string' ? ({ view: target } as Route) : target

export function createRouterStore(): RouterStore {
  const start: Route = { view: 'Connect' }
  return createStore<RouterState>()(() => ({ open: false, route: start, history: [start] }))
}

/** The parameters of the route on screen when it is `view`, else undefined. */
export function selectRoute<view extends ViewName>(
  state: RouterState,
  view: view,
): RouteOf<view> | undefined {
  return state.route.view === view ? (state.route as RouteOf<view>) : undefined
}

/** Pushing the view already on screen without parameters changes nothing. */
export function pushView(store: RouterStore, target: RouteTarget): void {
  store.setState((state) => {
    if (typeof target === 'string' && state.route.view === target) return state
    const route = toRoute(target)
    return { route, history: [...state.history, route] }
  })
}

export function replaceView(store: RouterStore, target: RouteTarget): void {
  const route = toRoute(target)
  store.setState((state) => ({ route, history: [...state.history.slice(0, -1), route] }))
}

export function goBack(store: RouterStore): void {
  store.setState((state) => {
    if (state.history.length <= 1) return state
    const history = state.history.slice(0, -1)
    return { route: history[history.length - 1]!, history }
  })
}

export function openModal(store: RouterStore, target: RouteTarget = 'Connect'): void {
  const route = toRoute(target)
  store.setState({ open: true, route, history: [route] })
}

export function closeModal(store: RouterStore): void {
  store.setState({ open: false })
}
