import type { RouterData, ViewName } from '@latch/core'
import { useStore } from 'zustand'
import { useLatch } from '../context.js'
import { fill } from '../messages.js'

/** The heading of a view; Connecting… and SwitchNetwork are named after their wallet or network. */
export function useViewTitle(view: ViewName, data: RouterData | undefined): string {
  const { stores, messages } = useLatch('useViewTitle')
  const connectors = useStore(stores.connectors, (s) => s.connectors)
  const template = messages.modal.titles[view] ?? messages.modal.titles.Connect ?? ''
  const connector = connectors.find((c) => c.id === data?.connectorId)
  const name = view === 'SwitchNetwork' ? (data?.network?.name ?? '') : (connector?.name ?? '')
  return fill(template, { name })
}
