import type { AuthUser } from '@latch/core'
import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react'
import { useLatch } from '../context.js'

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
