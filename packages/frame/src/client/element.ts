/** docs/behaviour.md#views, #limits: above the modal (z-index 999) and anything a dapp is likely to stack. */
export const FRAME_Z_INDEX = '2147483000'

export interface FrameQuery {
  projectId: string
  chainId: string | number
  version: string
  enableLogger: boolean
  rpcUrl: string
  /**
   * EVM chains on which the app offers email and social users a smart account (its connector's
   * `smartAccountNetworks`). The frame gives one only where the server also serves a bundler.
   */
  smartAccountNetworks?: readonly number[] | undefined
}

export function frameSrc(frameUrl: string, query: FrameQuery): string {
  const url = new URL(frameUrl)
  url.searchParams.set('projectId', query.projectId)
  url.searchParams.set('chainId', String(query.chainId))
  url.searchParams.set('version', query.version)
  url.searchParams.set('enableLogger', String(query.enableLogger))
  url.searchParams.set('rpcUrl', query.rpcUrl)
  if (query.smartAccountNetworks?.length)
    url.searchParams.set('smartAccountNetworks', query.smartAccountNetworks.join(','))
  return url.href
}

/**
 * The hidden iframe. It stays in the page (so the frame keeps its session) and is shown only
 * when the frame has UI to show, such as a transaction approval.
 */
export function createFrameElement(src: string, parent: HTMLElement): HTMLIFrameElement {
  const iframe = parent.ownerDocument.createElement('iframe')
  iframe.src = src
  iframe.title = 'Latch secure wallet'
  iframe.dataset.latchFrame = ''
  // One of Latch's own layers: the modal's focus trap leaves `latch-root` siblings live, so a
  // view the frame shows above an open modal (an email change to confirm) can be clicked.
  iframe.classList.add('latch-root')
  // The frame reads the embedding origin from the referrer when ancestorOrigins is missing.
  iframe.referrerPolicy = 'origin'
  Object.assign(iframe.style, {
    position: 'fixed',
    zIndex: FRAME_Z_INDEX,
    border: 'none',
    colorScheme: 'normal',
  })
  setFrameVisible(iframe, false)
  parent.appendChild(iframe)
  return iframe
}

export function setFrameVisible(iframe: HTMLIFrameElement, visible: boolean): void {
  Object.assign(
    iframe.style,
    visible
      ? {
          display: 'block',
          top: '50%',
          left: '50%',
          transform: 'translate(-50%, -50%)',
          width: '360px',
          height: '520px',
          maxWidth: '100vw',
          maxHeight: '100vh',
          borderRadius: '12px',
          boxShadow: '0 8px 32px rgba(0, 0, 0, 0.35)',
        }
      : { display: 'none', width: '0', height: '0' },
  )
  iframe.setAttribute('aria-hidden', visible ? 'false' : 'true')
}
