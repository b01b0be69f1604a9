import { qrModulesPath } from '@latch/core'
import { encode } from 'uqr'
import { t } from '../i18n/index.js'
import { el, originLine } from './render.js'
import { messageOf, present, type Visibility } from './signin.js'

// Loaded with the first Farcaster sign-in only: the QR encoder is not in the frame's main bundle.

const SVG = 'http://www.w3.org/2000/svg'

/** The link as a QR code: one SVG path of dark modules, dark on light for any scanner. */
function qrCode(doc: Document, text: string): SVGSVGElement {
  const qr = encode(text, { ecc: 'M', border: 2 })
  const d = qrModulesPath(qr.data)
  const svg = doc.createElementNS(SVG, 'svg')
  svg.setAttribute('viewBox', `0 0 ${qr.size} ${qr.size}`)
  svg.setAttribute('role', 'img')
  svg.setAttribute('aria-label', t('farcaster.qr'))
  svg.setAttribute('data-testid', 'farcaster-qr')
  svg.setAttribute('shape-rendering', 'crispEdges')
  svg.setAttribute('class', 'qr')
  const background = doc.createElementNS(SVG, 'rect')
  background.setAttribute('width', String(qr.size))
  background.setAttribute('height', String(qr.size))
  background.setAttribute('fill', '#fff')
  const modules = doc.createElementNS(SVG, 'path')
  modules.setAttribute('d', d)
  modules.setAttribute('fill', '#000')
  svg.append(background, modules)
  return svg
}

export interface FarcasterChannelRequest<answer> {
  origin: string
  /** The channel's link for the visitor's Farcaster app. */
  url: string
  /** Resolves with the channel's answer once the Farcaster app has signed. */
  answered: Promise<answer>
}

/**
 * The channel's QR code and link, shown only in the frame: whoever sees them can answer the
 * channel, so the answer is confirmed next (ConfirmFarcasterAccount) before any session exists.
 * Resolves with the answer, or undefined on Cancel or abort.
 */
export function showFarcasterChannel<answer>(
  root: HTMLElement,
  visibility: Visibility,
  request: FarcasterChannelRequest<answer>,
  signal?: AbortSignal,
): Promise<answer | undefined> {
  const doc = root.ownerDocument
  return present<answer | undefined>(
    root,
    visibility,
    (finish) => {
      const view = el(doc, 'section', undefined, {
        'data-view': 'FarcasterChannel',
        'aria-labelledby': 'signin-title',
      })
      const link = el(doc, 'a', t('farcaster.open'), {
        href: request.url,
        target: '_blank',
        rel: 'noopener noreferrer',
        'data-testid': 'farcaster-link',
      })
      const status = el(doc, 'p', t('farcaster.waiting'), {
        role: 'status',
        'data-testid': 'signin-status',
      })
      const cancel = el(doc, 'button', t('action.cancel'), {
        type: 'button',
        'data-testid': 'cancel',
      })
      const actions = el(doc, 'div', undefined, { class: 'actions' })
      actions.append(cancel)
      view.append(
        originLine(doc, request.origin),
        el(doc, 'h1', t('farcaster.title'), { id: 'signin-title' }),
        el(doc, 'p', t('farcaster.hint')),
        qrCode(doc, request.url),
        link,
        status,
        actions,
      )
      request.answered.then(finish, (error: unknown) => {
        status.textContent = messageOf(error)
        status.setAttribute('role', 'alert')
      })
      cancel.addEventListener('click', () => finish(undefined), { once: true })
      queueMicrotask(() => cancel.focus())
      return view
    },
    undefined,
    signal,
  )
}
