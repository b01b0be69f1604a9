import { type AlertVariant, type LatchStores, showAlert } from '@latch/core'

/** Raises an alert; each distinct message shows once per page session (docs/behaviour.md#errors). */
export function notify(stores: LatchStores, message: string, variant: AlertVariant): void {
  showAlert(stores.alerts, message, variant, { once: message })
}
