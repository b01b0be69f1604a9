import { describeClaim } from '../claim.js'
import type { ApprovalView, Field } from '../decode/view.js'
import { t } from '../i18n/index.js'

export function el<tag extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: tag,
  text?: string,
  attrs: Record<string, string> = {},
): HTMLElementTagNameMap[tag] {
  const node = doc.createElement(tag)
  if (text !== undefined) node.textContent = text
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value)
  return node
}

function fieldList(doc: Document, fields: Field[]): HTMLDListElement {
  const list = el(doc, 'dl', undefined, { class: 'fields' })
  for (const field of fields) {
    list.append(el(doc, 'dt', field.label))
    const dd = el(doc, 'dd', undefined, field.mono ? { class: 'mono' } : {})
    if (field.children) dd.append(fieldList(doc, field.children))
    else dd.textContent = field.value ?? ''
    list.append(dd)
  }
  return list
}

/** The one thing the wallet verified itself, so it comes first. */
export function originLine(doc: Document, origin: string): HTMLDivElement {
  const line = el(doc, 'div', undefined, { class: 'origin' })
  line.append(
    el(doc, 'span', t('origin.before'), { class: 'origin-label' }),
    el(doc, 'strong', origin, { 'data-testid': 'origin' }),
    el(doc, 'span', t('origin.after'), { class: 'origin-label' }),
  )
  return line
}

/**
 * Builds the request's part of the approval screen from the parsed view: origin first (the one
 * thing the wallet verified), the request in words, then dangers, and every field in full.
 * Only text nodes carry request content; nothing is truncated, long values wrap or scroll.
 */
export function renderView(
  doc: Document,
  request: { origin: string; dappName?: string | undefined; view: ApprovalView },
): DocumentFragment {
  const { view } = request
  const fragment = doc.createDocumentFragment()
  fragment.append(originLine(doc, request.origin))
  const claim = describeClaim(request.dappName, request.origin)
  if (claim)
    fragment.append(
      el(
        doc,
        'p',
        claim.kind === 'name' ? t('claim.name', { name: claim.name }) : t('claim.addressLike'),
        { class: 'claim', 'data-testid': 'dapp-claim', 'data-claim': claim.kind },
      ),
    )
  fragment.append(el(doc, 'h1', view.title, { id: 'approve-title' }))
  const body = el(doc, 'div', undefined, { class: 'body', tabindex: '0' })
  if (view.summary.length) {
    const summary = el(doc, 'ul', undefined, { class: 'summary', 'data-testid': 'summary' })
    for (const line of view.summary) summary.append(el(doc, 'li', line))
    body.append(summary)
  }
  if (view.dangers.length) {
    const banner = el(doc, 'div', undefined, { class: 'dangers', role: 'alert' })
    for (const danger of view.dangers)
      banner.append(el(doc, 'p', danger, { 'data-testid': 'danger' }))
    body.append(banner)
  }
  for (const section of view.sections) {
    const block = el(doc, 'section', undefined, { class: 'part' })
    block.append(el(doc, 'h2', section.title), fieldList(doc, section.fields))
    body.append(block)
  }
  if (view.raw) {
    const raw = el(doc, 'details', undefined, { class: 'raw' })
    raw.append(el(doc, 'summary', view.raw.label), el(doc, 'pre', view.raw.text))
    body.append(raw)
  }
  fragment.append(body)
  return fragment
}

/**
 * The email change in words, with both addresses in full: the email is what signs the user in
 * and recovers the wallet, so whoever owns the new address owns the wallet.
 */
export function renderEmailChange(
  doc: Document,
  request: { origin: string; from: string; to: string },
): DocumentFragment {
  const fragment = doc.createDocumentFragment()
  fragment.append(
    originLine(doc, request.origin),
    el(doc, 'h1', t('emailChange.title', { from: request.from, to: request.to }), {
      id: 'approve-title',
    }),
  )
  const body = el(doc, 'div', undefined, { class: 'body', tabindex: '0' })
  body.append(
    el(doc, 'p', t('emailChange.warning', { from: request.from, to: request.to }), {
      'data-testid': 'email-change-warning',
      role: 'alert',
    }),
    fieldList(doc, [
      { label: t('emailChange.current'), value: request.from, mono: true },
      { label: t('emailChange.new'), value: request.to, mono: true },
    ]),
  )
  fragment.append(body)
  return fragment
}

/** A sign-in decision: who answered, or which device asks for the wallet, with every fact in full. */
export function renderDecision(
  doc: Document,
  request: {
    origin: string
    title: string
    warning: string
    fields: { label: string; value: string; mono?: boolean }[]
  },
): DocumentFragment {
  const fragment = doc.createDocumentFragment()
  fragment.append(
    originLine(doc, request.origin),
    el(doc, 'h1', request.title, { id: 'approve-title' }),
  )
  const body = el(doc, 'div', undefined, { class: 'body', tabindex: '0' })
  body.append(
    el(doc, 'p', request.warning, { 'data-testid': 'decision-warning', role: 'alert' }),
    fieldList(doc, request.fields),
  )
  fragment.append(body)
  return fragment
}
