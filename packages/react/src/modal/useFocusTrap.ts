import { type RefObject, useLayoutEffect } from 'react'
import { afterPaint } from './usePainted.js'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.hasAttribute('inert') && el.getClientRects().length > 0,
  )
}

/**
 * While `active`: Tab and Shift+Tab cycle inside `ref`, Escape calls `onEscape`, focus moves in
 * once the dialog is on screen; on close focus returns to what had it before (the button that
 * opened the dialog).
 */
export function useFocusTrap(
  ref: RefObject<HTMLElement | null>,
  active: boolean,
  onEscape: () => void,
): void {
  // A layout effect: the page behind turns inert within the same commit that shows the dialog, so
  // no painted frame has a live page under an open modal.
  useLayoutEffect(() => {
    if (!active) return
    const previous = document.activeElement as HTMLElement | null
    const root = ref.current
    // Everything beside the dialog is inert while it is open (seen by neither Tab nor a screen
    // reader); Latch's own layers (the overlay, the snackbar) stay live.
    const made: Element[] = []
    for (const sibling of document.body.children) {
      if (sibling.contains(root) || sibling.classList.contains('latch-root')) continue
      if (sibling.hasAttribute('inert') || sibling.tagName === 'SCRIPT') continue
      sibling.setAttribute('inert', '')
      made.push(sibling)
    }
    // Focus moves in from the task after the dialog's first frame, not in the click's own task:
    // picking the first visible control forces style and layout, and focusing the email field
    // runs the browser's editing and autofill set-up (together ≈ 2 ms of a 5 ms click on the
    // bench, docs/benchmarks.md "Click → modal painted"). Meanwhile the page behind is already
    // inert and the key handler below is live: Tab lands inside, Escape closes.
    const cancelMoveIn = afterPaint(() => {
      const container = ref.current
      if (!container || container.contains(document.activeElement)) return
      const first = focusables(container).find((el) => !el.dataset.latchSkipAutofocus)
      ;(first ?? container).focus()
    })
    const onKeyDown = (event: KeyboardEvent) => {
      const container = ref.current
      if (!container) return
      if (event.key === 'Escape') {
        event.preventDefault()
        onEscape()
        return
      }
      if (event.key !== 'Tab') return
      const items = focusables(container)
      if (items.length === 0) {
        event.preventDefault()
        container.focus()
        return
      }
      const first = items[0]!
      const last = items[items.length - 1]!
      const current = document.activeElement
      if (event.shiftKey && (current === first || !container.contains(current))) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && (current === last || !container.contains(current))) {
        event.preventDefault()
        first.focus()
      }
    }
    document.addEventListener('keydown', onKeyDown, true)
    return () => {
      cancelMoveIn()
      document.removeEventListener('keydown', onKeyDown, true)
      for (const element of made) element.removeAttribute('inert')
      if (previous?.isConnected) previous.focus()
    }
  }, [ref, active, onEscape])
}
