import { t, translateMessage } from '../i18n/index.js'
import { armWhenVisible } from './approve.js'
import { el, originLine } from './render.js'

// The sign-in steps the visitor takes in the frame's own window (docs/custody.md#sign-in-in-the-frame):
// the code from the mail and the provider's popup. The page sees none of it; it only learns that
// the visitor signed in.

export interface Visibility {
  show(): void
  hide(): void
}

/** Shows one view until `finish` is called or `signal` aborts; resolves with what finish gave. */
export function present<result>(
  root: HTMLElement,
  visibility: Visibility,
  build: (finish: (value: result) => void) => HTMLElement,
  cancelled: result,
  signal?: AbortSignal,
): Promise<result> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(cancelled)
    let view: HTMLElement | undefined
    const finish = (value: result) => {
      signal?.removeEventListener('abort', onAbort)
      view?.remove()
      visibility.hide()
      resolve(value)
    }
    const onAbort = () => finish(cancelled)
    signal?.addEventListener('abort', onAbort, { once: true })
    view = build(finish)
    root.replaceChildren(view)
    visibility.show()
  })
}

/** A status line the view rewrites; errors are announced at once. */
function statusLine(doc: Document) {
  const line = el(doc, 'p', '', { class: 'status', 'data-testid': 'signin-status', role: 'status' })
  return {
    line,
    say(text: string, error = false) {
      line.textContent = text
      line.setAttribute('role', error ? 'alert' : 'status')
      line.classList.toggle('error', error)
    },
  }
}

/** An error's message as this view shows it: in the frame's language when the catalogue has it. */
export const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? translateMessage(error.message) : t('error.generic')

export interface EmailCodeRequest {
  /** The embedding page's origin, verified against the project's allow-list. */
  origin: string
  email: string
  /** Checks the code and signs in; a thrown error's message is shown and the field cleared. */
  verify(code: string): Promise<void>
  /** Mails a new code; a thrown error's message is shown. */
  resend(): Promise<void>
  /** Resolves when the device-approval link was opened (the code is mailed next). */
  deviceApproved?: Promise<unknown> | undefined
}

/**
 * The one-time code field: only here, never in the page, is the code typed. Resolves true once
 * signed in, false on Cancel or abort.
 */
export function askEmailCode(
  root: HTMLElement,
  visibility: Visibility,
  request: EmailCodeRequest,
  signal?: AbortSignal,
): Promise<boolean> {
  const doc = root.ownerDocument
  return present<boolean>(
    root,
    visibility,
    (finish) => {
      const view = el(doc, 'section', undefined, {
        'data-view': 'EmailCode',
        'aria-labelledby': 'signin-title',
      })
      const form = el(doc, 'form', undefined, { class: 'signin', novalidate: '' })
      const input = el(doc, 'input', undefined, {
        id: 'signin-code',
        name: 'code',
        inputmode: 'numeric',
        autocomplete: 'one-time-code',
        maxlength: '6',
        pattern: '[0-9]{6}',
        required: '',
        'data-testid': 'signin-code',
      })
      const submit = el(doc, 'button', t('signin.submit'), {
        type: 'submit',
        'data-testid': 'signin-submit',
      })
      const status = statusLine(doc)
      const cancel = el(doc, 'button', t('action.cancel'), {
        type: 'button',
        'data-testid': 'cancel',
      })
      const resend = el(doc, 'button', t('signin.resend'), {
        type: 'button',
        class: 'link',
        'data-testid': 'signin-resend',
      })
      form.append(el(doc, 'label', t('signin.codeLabel'), { for: 'signin-code' }), input, submit)
      view.append(
        originLine(doc, request.origin),
        el(doc, 'h1', t('signin.codeTitle'), { id: 'signin-title' }),
        el(doc, 'p', t('signin.codeHint', { email: request.email }), {
          'data-testid': 'signin-hint',
        }),
        form,
        status.line,
        el(doc, 'div', undefined, { class: 'actions' }),
      )
      view.lastElementChild!.append(cancel, resend)
      request.deviceApproved?.then(
        () => status.say(t('signin.deviceApproved')),
        () => {},
      )
      let busy = false
      form.addEventListener('submit', async (event) => {
        event.preventDefault()
        const code = input.value.replace(/\s/g, '')
        if (busy) return
        if (!/^\d{6}$/.test(code)) return status.say(t('signin.codeDigits'), true)
        busy = true
        submit.disabled = true
        status.say(t('signin.checking'))
        try {
          await request.verify(code)
          finish(true)
        } catch (error) {
          input.value = ''
          status.say(messageOf(error), true)
          input.focus()
        } finally {
          busy = false
          submit.disabled = false
        }
      })
      resend.addEventListener('click', async () => {
        try {
          await request.resend()
          status.say(t('signin.resent', { email: request.email }))
        } catch (error) {
          status.say(messageOf(error), true)
        }
      })
      cancel.addEventListener('click', () => finish(false), { once: true })
      queueMicrotask(() => input.focus())
      return view
    },
    false,
    signal,
  )
}

export interface SocialRequest {
  origin: string
  /** The provider's name, e.g. Google. */
  label: string
  /**
   * Opens the provider's popup — called in the click's own task, so the browser lets it open —
   * and resolves once signed in; a thrown error's message is shown and the button works again.
   */
  open(): Promise<void>
}

/**
 * "Continue with Google": the click that opens the provider's window happens in the frame, so
 * the frame is the popup's opener and the provider's answer comes back only here. The button
 * waits until the view has been seen, like Approve. Resolves true once signed in.
 */
export function askSocial(
  root: HTMLElement,
  visibility: Visibility,
  request: SocialRequest,
  signal?: AbortSignal,
): Promise<boolean> {
  const doc = root.ownerDocument
  let disarm = () => {}
  signal?.addEventListener('abort', () => disarm(), { once: true })
  return present<boolean>(
    root,
    visibility,
    (done) => {
      const finish = (ok: boolean) => {
        disarm()
        done(ok)
      }
      const view = el(doc, 'section', undefined, {
        'data-view': 'SocialSignIn',
        'aria-labelledby': 'signin-title',
      })
      const go = el(doc, 'button', t('social.continue', { provider: request.label }), {
        type: 'button',
        'data-testid': 'social-continue',
      })
      const cancel = el(doc, 'button', t('action.cancel'), {
        type: 'button',
        'data-testid': 'cancel',
      })
      const status = statusLine(doc)
      const actions = el(doc, 'div', undefined, { class: 'actions' })
      actions.append(cancel, go)
      view.append(
        originLine(doc, request.origin),
        el(doc, 'h1', t('social.title', { provider: request.label }), { id: 'signin-title' }),
        el(doc, 'p', t('social.hint', { provider: request.label })),
        status.line,
        actions,
      )
      let busy = false
      go.addEventListener('click', async () => {
        if (go.disabled || busy) return
        busy = true
        status.say(t('social.waiting', { provider: request.label }))
        try {
          await request.open()
          finish(true)
        } catch (error) {
          // A refusal in a later view of this sign-in (the new device) ends it; others can retry.
          if ((error as { code?: unknown }).code === 4001) return finish(false)
          root.replaceChildren(view)
          visibility.show()
          status.say(messageOf(error), true)
        } finally {
          busy = false
        }
      })
      cancel.addEventListener('click', () => finish(false), { once: true })
      disarm = armWhenVisible(view, go, () => {
        if (!view.contains(doc.activeElement)) cancel.focus()
      })
      return view
    },
    false,
    signal,
  )
}
