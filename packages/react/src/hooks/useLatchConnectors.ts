import type { Connector } from '@latch/core'
import { useStore } from 'zustand'
import { useLatch } from '../context.js'

export function useLatchConnectors(): Connector[] {
  const { stores } = useLatch('useLatchConnectors')
  return useStore(stores.connectors, (s) => s.connectors)
}
