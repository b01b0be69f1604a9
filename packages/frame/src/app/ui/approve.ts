import type { ApprovalView } from '../decode/view.js'
import { t } from '../i18n/index.js'
import { el, renderDecision, renderEmailChange, renderView } from './render.js'

export interface ApprovalRequest {
  method: string
  /** The embedding page's origin, verified against the project's allow-list. */
  origin: string
  /** The name the page gave itself: shown, but only as the page's own claim. */
  dappName?: string | undefined
  view: ApprovalView
}

/** How long the view must have been fully visible before Approve can be clicked. */
export const APPROVE_DELAY_MS = 500

type VisibilityEntry = IntersectionObserverEntry & { isVisible?: boolean }

/**
 * Keeps Approve disabled until `target` has been fully visible for APPROVE_DELAY_MS. With
 * IntersectionObserver v2 (`trackVisibility`), "visible" also means not covered, transformed or
 * faded by the embedding page, so a click through a nearly transparent frame cannot approve.
 */
export function armWhenVisible(
  target: HTMLElement,
  button: HTMLButtonElement,
  onShown: () => void,
): () => void {
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
    if (entry.isIntersecting) onShown()
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

/** A change to the account itself (not a signature) that the user confirms in the frame. */
export interface EmailChangeRequest {
  /** The embedding page's origin, verified against the project's allow-list. */
  origin: string
  from: string
  to: string
}

/** A sign-in decision in the frame: the account that answered, or a new device for the wallet. */
export interface SignInDecision {
  origin: string
  /** `data-view` of the section, e.g. ConfirmFarcasterAccount. */
  view: string
  title: string
  warning: string
  fields: { label: string; value: string; mono?: boolean }[]
  yes: string
}

export interface ApprovalUi {
  /** Resolves true on approve, false on reject or abort. One request is shown at a time. */
  approve(request: ApprovalRequest, signal?: AbortSignal): Promise<boolean>
  /** "Change sign-in email from A to B": true on Confirm, false on Cancel or abort. */
  confirmEmailChange(request: EmailChangeRequest, signal?: AbortSignal): Promise<boolean>
  /** A sign-in decision (docs/custody.md#sign-in-in-the-frame): true on its yes, false on Cancel. */
  confirmSignIn(request: SignInDecision, signal?: AbortSignal): Promise<boolean>
}

interface Decision {
  attrs: Record<string, string>
  content: DocumentFragment
  yes: { label: string; testId: string }
  no: { label: string; testId: string }
}

/**
 * The frame's own views that ask the user to decide (ApproveTransaction, ConfirmEmailChange): the
 * page cannot draw into them or read them. Focus starts on the refusing button, and the accepting
 * one waits for the view to be seen, so a click aimed at the page underneath never decides.
 */
export function createApprovalUi(
  root: HTMLElement,
  visibility: { show(): void; hide(): void },
): ApprovalUi {
  const doc = root.ownerDocument
  let queue = Promise.resolve()

  function decide(decision: Decision, signal?: AbortSignal): Promise<boolean> {
    return new Promise((resolve) => {
      if (signal?.aborted) return resolve(false)
      const view = el(doc, 'section', undefined, decision.attrs)
      view.append(decision.content)
      const actions = el(doc, 'div', undefined, { class: 'actions' })
      const no = el(doc, 'button', decision.no.label, {
        type: 'button',
        'data-testid': decision.no.testId,
      })
      const yes = el(doc, 'button', decision.yes.label, {
        type: 'button',
        'data-testid': decision.yes.testId,
      })
      yes.disabled = true
      actions.append(no, yes)
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
      no.addEventListener('click', () => finish(false), { once: true })
      yes.addEventListener('click', () => {
        if (!yes.disabled) finish(true)
      })
      // The frame is still hidden (display: none) until the page acts on `show`, and a hidden
      // document takes no focus: focus goes to the refusing button again once the view is seen.
      const focusNo = () => {
        if (!view.contains(doc.activeElement)) no.focus()
      }
      root.replaceChildren(view)
      visibility.show()
      stop = armWhenVisible(view, yes, focusNo)
      focusNo()
    })
  }

  /** One view at a time, approvals and account changes alike, in the order asked. */
  function enqueue(decision: () => Decision, signal?: AbortSignal): Promise<boolean> {
    const result = queue.then(() => decide(decision(), signal))
    queue = result.then(
      () => {},
      () => {},
    )
    return result
  }

  return {
    approve(request, signal) {
      return enqueue(
        () => ({
          attrs: {
            'data-view': 'ApproveTransaction',
            'data-method': request.method,
            'aria-labelledby': 'approve-title',
          },
          content: renderView(doc, request),
          yes: { label: t('action.approve'), testId: 'approve' },
          no: { label: t('action.reject'), testId: 'reject' },
        }),
        signal,
      )
    },
    confirmEmailChange(request, signal) {
      return enqueue(
        () => ({
          attrs: { 'data-view': 'ConfirmEmailChange', 'aria-labelledby': 'approve-title' },
          content: renderEmailChange(doc, request),
          yes: { label: t('action.confirm'), testId: 'confirm' },
          no: { label: t('action.cancel'), testId: 'cancel' },
        }),
        signal,
      )
    },
    confirmSignIn(request, signal) {
      return enqueue(
        () => ({
          attrs: { 'data-view': request.view, 'aria-labelledby': 'approve-title' },
          content: renderDecision(doc, request),
          yes: { label: request.yes, testId: 'confirm' },
          no: { label: t('action.cancel'), testId: 'cancel' },
        }),
        signal,
      )
    },
  }
}
