import type { ApprovalView } from '../decode/view.js'
import { el, renderView } from './render.js'

export interface ApprovalRequest {
  method: string
  /** The embedding page's origin, verified against the project's allow-list. */
  origin: string
  /** The name the page gave itself: shown, but only as the page's own claim. */
  dappName?: string | undefined
  view: ApprovalView
}

export interface ApprovalUi {
  /** Resolves true on approve, false on reject or abort. One request is shown at a time. */
  approve(request: ApprovalRequest, signal?: AbortSignal): Promise<boolean>
}

/** How long the view must have been fully visible before Approve can be clicked. */
export const APPROVE_DELAY_MS = 500

type VisibilityEntry = IntersectionObserverEntry & { isVisible?: boolean }

/**
 * Keeps Approve disabled until `target` has been fully visible for APPROVE_DELAY_MS. With
 * IntersectionObserver v2 (`trackVisibility`), "visible" also means not covered, transformed or
 * faded by the embedding page, so a click through a nearly transparent frame cannot approve.
 */
function armWhenVisible(target: HTMLElement, button: HTMLButtonElement): () => void {
  const win = target.ownerDocument.defaultView
  let timer: ReturnType<typeof setTimeout> | undefined
  const disarm = () => {
    clearTimeout(timer)
    timer = undefined
    button.disabled = true
    delete button.dataset.ready
  }
  const arm = () => {
    if (timer !== undefined || !button.disabled) return
    timer = setTimeout(() => {
      button.disabled = false
      button.dataset.ready = ''
    }, APPROVE_DELAY_MS)
  }
  disarm()
  const Observer = win?.IntersectionObserver
  if (!Observer) {
    // No way to observe (not a browser): the delay alone still stops a click-through on render.
    arm()
    return disarm
  }
  const v2 = 'isVisible' in (win.IntersectionObserverEntry?.prototype ?? {})
  const options = {
    threshold: [0, 0.99, 1],
    ...(v2 ? { trackVisibility: true, delay: 100 } : {}),
  } as IntersectionObserverInit
  const observer = new Observer((entries) => {
    const entry = entries[entries.length - 1] as VisibilityEntry | undefined
    if (!entry) return
    const full = entry.isIntersecting && entry.intersectionRatio >= 0.99
    if (full && (!v2 || entry.isVisible === true)) arm()
    else disarm()
  }, options)
  observer.observe(target)
  return () => {
    observer.disconnect()
    disarm()
  }
}

/**
 * The frame's own approval view (ApproveTransaction): the page cannot draw into it or read it.
 * Focus starts on Reject, and Approve waits for the view to be seen.
 */
export function createApprovalUi(
  root: HTMLElement,
  visibility: { show(): void; hide(): void },
): ApprovalUi {
  const doc = root.ownerDocument
  let queue = Promise.resolve()

  function render(request: ApprovalRequest, signal?: AbortSignal): Promise<boolean> {
    return new Promise((resolve) => {
      if (signal?.aborted) return resolve(false)
      const view = el(doc, 'section', undefined, {
        'data-view': 'ApproveTransaction',
        'data-method': request.method,
        'aria-labelledby': 'approve-title',
      })
      view.append(renderView(doc, request))
      const actions = el(doc, 'div', undefined, { class: 'actions' })
      const reject = el(doc, 'button', 'Reject', { type: 'button', 'data-testid': 'reject' })
      const approve = el(doc, 'button', 'Approve', { type: 'button', 'data-testid': 'approve' })
      approve.disabled = true
      actions.append(reject, approve)
      view.append(actions)

      let stop = () => {}
      const finish = (ok: boolean) => {
        stop()
        signal?.removeEventListener('abort', onAbort)
        view.remove()
        visibility.hide()
        resolve(ok)
      }
      const onAbort = () => finish(false)
      signal?.addEventListener('abort', onAbort, { once: true })
      reject.addEventListener('click', () => finish(false), { once: true })
      approve.addEventListener('click', () => {
        if (!approve.disabled) finish(true)
      })
      root.replaceChildren(view)
      visibility.show()
      stop = armWhenVisible(view, approve)
      reject.focus()
    })
  }

  return {
    approve(request, signal) {
      const result = queue.then(() => render(request, signal))
      queue = result.then(
        () => {},
        () => {},
      )
      return result
    },
  }
}
