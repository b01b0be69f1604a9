import type { Route } from '@latch/core'
import { useStore } from 'zustand'
import { useLatch } from '../context.js'
import { fill } from '../messages.js'

/** The heading of a view; Connecting… and SwitchNetwork are named after their wallet or network. */
export function useViewTitle(route: Route): string {
  const { stores, messages } = useLatch('useViewTitle')
  const connectors = useStore(stores.connectors, (s) => s.connectors)
  const template = messages.modal.titles[route.view] ?? messages.modal.titles.Connect ?? ''
  const name =
    route.view === 'SwitchNetwork'
      ? route.network.name
      : route.view === 'ConnectingExternal'
        ? (connectors.find((c) => c.id === route.connectorId)?.name ?? '')
        : route.view === 'ConnectingWalletConnect'
          ? (route.wallet?.name ?? 'WalletConnect')
          : ''
  return fill(template, { name })
}
