import { type AuthUser, type Connector, closeAlert } from '@latch/core'
import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react'
import { useStore } from 'zustand'
import { useTransactionHistory } from '../activity/useTransactionHistory.js'
import { useLatch } from '../context.js'
import { useLatchAccount } from './useLatchAccount.js'
import { useLatchNetwork } from './useLatchNetwork.js'

export function useLatchConnectors(): Connector[] {
  const { stores } = useLatch('useLatchConnectors')
  return useStore(stores.connectors, (s) => s.connectors)
}

export function useLatchAlerts() {
  const { stores } = useLatch('useLatchAlerts')
  const alert = useStore(stores.alerts)
  const close = useCallback(() => closeAlert(stores.alerts), [stores])
  return { ...alert, close }
}

/** The active account's history on the active network, refetched when either changes. */
export function useLatchTransactions() {
  const { history } = useLatch('useLatchTransactions')
  const { address } = useLatchAccount()
  const { network } = useLatchNetwork()
  return useTransactionHistory(history, address, network?.caipNetworkId)
}

const sameUser = (a: AuthUser, b: AuthUser) =>
  a.email === b.email &&
  a.displayName === b.displayName &&
  a.address === b.address &&
  a.accountType === b.accountType

const noSubscription = () => () => {}

/** The embedded wallet's signed-in user (email sign-in), undefined otherwise. */
export function useLatchAuthUser(): AuthUser | undefined {
  const { auth } = useLatch('useLatchAuthUser')
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
