import { createStore, type StoreApi } from 'zustand/vanilla'

export type AlertVariant = 'info' | 'success' | 'warning' | 'error'

export interface AlertsState {
  open: boolean
  message: string
  variant: AlertVariant
  /** Codes of alerts meant to show only once per session (docs/behaviour.md#errors). */
  shownOnce: string[]
}

export type AlertsStore = StoreApi<AlertsState>

export function createAlertsStore(): AlertsStore {
  return createStore<AlertsState>()(() => ({
    open: false,
    message: '',
    variant: 'info',
    shownOnce: [],
  }))
}

export function showAlert(
  store: AlertsStore,
  message: string,
  variant: AlertVariant,
  options: { once?: string } = {},
): void {
  const { once } = options
  if (once && store.getState().shownOnce.includes(once)) return
  store.setState((state) => ({
    open: true,
    message,
    variant,
    shownOnce: once ? [...state.shownOnce, once] : state.shownOnce,
  }))
}

export function closeAlert(store: AlertsStore): void {
  store.setState({ open: false })
}
