import { type CSSProperties, useEffect } from 'react'
import type { ThemeMode } from '../client.js'
import { useLatch } from '../context.js'
import { useLatchAlerts } from '../hooks/index.js'
import { localText } from '../messages.js'
import { CloseIcon } from './icons.js'

/** How long an alert stays up. */
export const SNACKBAR_MS = 4_000

/**
 * The alerts of docs/behaviour.md#errors, one at a time. Latch raises them through `notify`, which shows each
 * distinct message once per page session.
 */
export function Snackbar({ theme, style }: { theme: ThemeMode; style: CSSProperties }) {
  const { messages } = useLatch('Snackbar')
  const alert = useLatchAlerts()
  const { open, message, close } = alert

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message restarts the timer
  useEffect(() => {
    if (!open) return
    const timer = setTimeout(close, SNACKBAR_MS)
    return () => clearTimeout(timer)
  }, [open, message, close])

  return (
    <div className="latch-root latch-snackbar-region" data-theme={theme} style={style}>
      {open && message ? (
        <div
          className={`latch-snackbar latch-snackbar--${alert.variant}`}
          role={alert.variant === 'error' ? 'alert' : 'status'}
          data-testid="latch-snackbar"
        >
          <span>{localText(messages, message)}</span>
          <button
            type="button"
            className="latch-icon-button"
            aria-label={messages.alerts.dismiss}
            onClick={close}
          >
            <CloseIcon />
          </button>
        </div>
      ) : null}
    </div>
  )
}
