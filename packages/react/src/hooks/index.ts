import {
  type AccountState,
  type AuthUser,
  activeAccountState,
  type CaipNetwork,
  type ChainNamespace,
  type Connector,
  closeAlert,
  closeModal,
  goBack,
  initialAccountState,
  isActiveNetworkUnsupported,
  openModal,
  pushView,
  type RouterData,
  type ViewName,
} from '@latch/core'
import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react'
import { useStore } from 'zustand'
import { useTransactionHistory } from '../activity/useTransactionHistory.js'
import { useLatch } from '../context.js'

const idle = initialAccountState()

export interface UseAccountResult extends AccountState {
  namespace: ChainNamespace | undefined
  isConnected: boolean
}

/** The active namespace's account. */
export function useAccount(): UseAccountResult {
  const { stores } = useLatch('useAccount')
  const account = useStore(stores.chain, activeAccountState) ?? idle
  const namespace = useStore(stores.chain, (s) => s.activeChain)
  return useMemo(
    () => ({ ...account, namespace, isConnected: account.status === 'connected' }),
    [account, namespace],
  )
}

export interface UseNetworkResult {
  network: CaipNetwork | undefined
  networks: CaipNetwork[]
  /** True when the wallet sits on a network the app does not list. */
  unsupported: boolean
  switchNetwork(network: CaipNetwork): Promise<void>
}

export function useNetwork(): UseNetworkResult {
  const { stores, controller } = useLatch('useNetwork')
  const network = useStore(stores.chain, (s) => s.activeCaipNetwork)
  const chains = useStore(stores.chain, (s) => s.chains)
  const networks = useMemo(
    () => Object.values(chains).flatMap((chain) => chain?.caipNetworks ?? []),
    [chains],
  )
  const unsupported = useStore(stores.chain, isActiveNetworkUnsupported)
  const switchNetwork = useCallback(
    (next: CaipNetwork) => controller.switchActiveNetwork(next),
    [controller],
  )
  return { network, networks, unsupported, switchNetwork }
}

export interface UseModalResult {
  isOpen: boolean
  view: ViewName
  data: RouterData | undefined
  canGoBack: boolean
  open(options?: { view?: ViewName; data?: RouterData }): void
  push(view: ViewName, data?: RouterData): void
  back(): void
  close(): void
}

export function useModal(): UseModalResult {
  const { stores } = useLatch('useModal')
  const router = useStore(stores.router)
  return useMemo(
    () => ({
      isOpen: router.open,
      view: router.view,
      data: router.data,
      canGoBack: router.history.length > 1,
      open: (options = {}) => {
        const connected = activeAccountState(stores.chain.getState())?.status === 'connected'
        openModal(stores.router, options.view ?? (connected ? 'Account' : 'Connect'), options.data)
      },
      push: (view, data) => pushView(stores.router, view, data),
      back: () => goBack(stores.router),
      close: () => closeModal(stores.router),
    }),
    [router, stores],
  )
}

export function useConnectors(): Connector[] {
  const { stores } = useLatch('useConnectors')
  return useStore(stores.connectors, (s) => s.connectors)
}

export function useAlerts() {
  const { stores } = useLatch('useAlerts')
  const alert = useStore(stores.alerts)
  const close = useCallback(() => closeAlert(stores.alerts), [stores])
  return { ...alert, close }
}

/** The active account's history on the active network, refetched when either changes. */
export function useTransactions() {
  const { history } = useLatch('useTransactions')
  const { address } = useAccount()
  const { network } = useNetwork()
  return useTransactionHistory(history, address, network?.caipNetworkId)
}

const sameUser = (a: AuthUser, b: AuthUser) =>
  a.email === b.email &&
  a.displayName === b.displayName &&
  a.address === b.address &&
  a.accountType === b.accountType

const noSubscription = () => () => {}

/** The embedded wallet's signed-in user (email sign-in), undefined otherwise. */
export function useAuthUser(): AuthUser | undefined {
  const { auth } = useLatch('useAuthUser')
  const subscribe = useMemo(
    () => (auth ? (listener: () => void) => auth.subscribe(listener) : noSubscription),
    [auth],
  )
  // An unchanged user keeps its object, even from a getUser() that builds a new one per call:
  // useSyncExternalStore re-renders on every new snapshot.
  const last = useRef<AuthUser | undefined>(undefined)
  const getSnapshot = useCallback(() => {
    const user = auth?.getUser()
    if (!(user && last.current && sameUser(user, last.current))) last.current = user
    return last.current
  }, [auth])
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot)
}
