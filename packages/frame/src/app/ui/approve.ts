export interface ApprovalRequest {
  method: string
  /** Where the request came from (the embedding page's origin) and the dapp's own name. */
  origin: string
  dappName?: string | undefined
  /** Label/value pairs, already reduced to text. */
  details: [string, string][]
}

export interface ApprovalUi {
  /** Resolves true on approve, false on reject or abort. One request is shown at a time. */
  approve(request: ApprovalRequest, signal?: AbortSignal): Promise<boolean>
}

const titles: Record<string, string> = {
  personal_sign: 'Sign message',
  eth_signTypedData_v4: 'Sign typed data',
  eth_sendTransaction: 'Send transaction',
  wallet_sendCalls: 'Send calls',
  solana_signMessage: 'Sign message',
}

function el<tag extends keyof HTMLElementTagNameMap>(
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

/**
 * The frame's own approval view (ApproveTransaction): the page cannot draw over it, read it or
 * click it, because it lives in the frame's document. Text only, never HTML from a request.
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
        'aria-labelledby': 'approve-title',
      })
      view.append(el(doc, 'h1', titles[request.method] ?? request.method, { id: 'approve-title' }))
      view.append(
        el(doc, 'p', `${request.dappName ? `${request.dappName} · ` : ''}${request.origin}`, {
          class: 'origin',
        }),
      )
      const list = el(doc, 'dl')
      for (const [label, value] of request.details) {
        list.append(el(doc, 'dt', label))
        list.append(el(doc, 'dd', value))
      }
      view.append(list)
      const actions = el(doc, 'div', undefined, { class: 'actions' })
      const reject = el(doc, 'button', 'Reject', { type: 'button', 'data-testid': 'reject' })
      const approve = el(doc, 'button', 'Approve', { type: 'button', 'data-testid': 'approve' })
      actions.append(reject, approve)
      view.append(actions)

      const finish = (ok: boolean) => {
        signal?.removeEventListener('abort', onAbort)
        view.remove()
        visibility.hide()
        resolve(ok)
      }
      const onAbort = () => finish(false)
      signal?.addEventListener('abort', onAbort, { once: true })
      reject.addEventListener('click', () => finish(false), { once: true })
      approve.addEventListener('click', () => finish(true), { once: true })
      root.replaceChildren(view)
      visibility.show()
      approve.focus()
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
