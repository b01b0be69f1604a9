import { closeAlert } from '@latch/core'
import { useCallback } from 'react'
import { useStore } from 'zustand'
import { useLatch } from '../context.js'

export function useLatchAlerts() {
  const { stores } = useLatch('useLatchAlerts')
  const alert = useStore(stores.alerts)
  const close = useCallback(() => closeAlert(stores.alerts), [stores])
  return { ...alert, close }
}
