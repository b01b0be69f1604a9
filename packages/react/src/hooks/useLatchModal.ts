import {
  activeAccountState,
  closeModal,
  goBack,
  openModal,
  pushView,
  type Route,
  type RouteTarget,
  type ViewName,
} from '@latch/core'
import { useMemo } from 'react'
import { useStore } from 'zustand'
import { useLatch } from '../context.js'

export interface UseLatchModalResult {
  isOpen: boolean
  /** The view on screen with its parameters. */
  route: Route
  view: ViewName
  canGoBack: boolean
  /** Opens on `target`; without one, Account when connected and Connect otherwise. */
  open(target?: RouteTarget): void
  push(target: RouteTarget): void
  back(): void
  close(): void
}

export function useLatchModal(): UseLatchModalResult {
  const { stores } = useLatch('useLatchModal')
  const router = useStore(stores.router)
  return useMemo(
    () => ({
      isOpen: router.open,
      route: router.route,
      view: router.route.view,
      canGoBack: router.history.length > 1,
      open: (target) => {
        const connected = activeAccountState(stores.chain.getState())?.status === 'connected'
        openModal(stores.router, target ?? (connected ? 'Account' : 'Connect'))
      },
      push: (target) => pushView(stores.router, target),
      back: () => goBack(stores.router),
      close: () => closeModal(stores.router),
    }),
    [router, stores],
  )
}
