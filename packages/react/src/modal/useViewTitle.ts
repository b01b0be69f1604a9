import type { Route } from '@latch/core'
import { useStore } from 'zustand'
import { useLatch } from '../context.js'
import { fill } from '../messages.js'
import { useWalletConnectors } from '../views/useWalletConnectors.js'

/**
 * The heading of a view; Connecting… and SwitchNetwork are named after their wallet or network,
 * ConnectingMultiChain after the wallet the modal lists once for its namespaces.
 */
export function useViewTitle(route: Route): string {
  const { stores, messages } = useLatch('useViewTitle')
  const connectors = useStore(stores.connectors, (s) => s.connectors)
  const wallets = useWalletConnectors().connectors
  const template = messages.modal.titles[route.view] ?? messages.modal.titles.Connect ?? ''
  const name =
    route.view === 'SwitchNetwork'
      ? route.network.name
      : route.view === 'ConnectingExternal'
        ? (connectors.find((c) => c.id === route.connectorId)?.name ?? '')
        : route.view === 'ConnectingMultiChain'
          ? (wallets.find((c) => c.id === route.connectorId)?.name ?? '')
          : route.view === 'ConnectingWalletConnect'
            ? (route.wallet?.name ?? 'WalletConnect')
            : ''
  return fill(template, { name })
}
