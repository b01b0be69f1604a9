import { describe, expect, it, vi } from 'vitest'
import { appEventType, errorType, successType } from '../protocol/index.js'
import { createAuthApi } from './api.js'
import { createMessageHandler } from './handler.js'
import { createFrameServices } from './services.js'
import { applyFrameTheme } from './theme.js'
import { createApprovalUi } from './ui/approve.js'

const ORIGIN = 'https://shop.example'

/**
 * The frame's real services and message handler, as main.ts wires them, with an API that is
 * never reached (the sync events do not talk to the server).
 */
function frame() {
  const items = new Map<string, string>()
  const root = document.createElement('main')
  document.body.replaceChildren(root)
  const ui = createApprovalUi(root, { show() {}, hide() {} })
  const { services, state } = createFrameServices({
    api: createAuthApi('http://127.0.0.1:9', 'p1'),
    storage: {
      getItem: (k) => items.get(k) ?? null,
      setItem: (k, v) => void items.set(k, v),
      removeItem: (k) => void items.delete(k),
    },
    ui,
    root,
    visibility: { show() {}, hide() {} },
    callbackOrigin: 'http://127.0.0.1:9',
    window,
    origin: ORIGIN,
    chainId: 'eip155:31337',
    proxyUrl: () => 'http://127.0.0.1:9/v1/',
    applyTheme: (theme) => applyFrameTheme(document, theme),
  })
  const replies: { type: string; id: string }[] = []
  const warnings: string[] = []
  const handle = createMessageHandler({
    services,
    reply: (m) => replies.push(m as { type: string; id: string }),
    warn: (m) => warnings.push(m),
  })
  let n = 0
  const send = (event: 'SYNC_THEME' | 'SYNC_DAPP_DATA' | 'RELOAD', payload: unknown) =>
    handle({ type: appEventType(event), id: `r${++n}`, payload })
  /** The approval view for a signature, as the frame draws it with the name it holds. */
  const approval = async () => {
    void ui.approve({
      method: 'personal_sign',
      origin: ORIGIN,
      dappName: state.dappName,
      view: { title: 'Sign a message', summary: [], dangers: [], sections: [] },
    })
    return vi.waitFor(() => {
      const view = root.querySelector('[data-view="ApproveTransaction"]')
      if (!view) throw new Error('no approval view yet')
      return view
    })
  }
  return { send, state, replies, warnings, approval, root }
}

const metadata = (name: string) => ({
  metadata: { name, description: 'd', url: ORIGIN, icons: [] },
})

describe('SYNC_DAPP_DATA', () => {
  it("shows the page's name after the verified origin, labelled as its own claim", async () => {
    const f = frame()
    await f.send('SYNC_DAPP_DATA', { ...metadata('Shop'), projectId: 'p1', sdkVersion: 'latch' })
    expect(f.replies.at(-1)?.type).toBe(successType('SYNC_DAPP_DATA'))
    const view = await f.approval()
    expect(view.firstElementChild?.textContent).toBe(
      `Request from ${ORIGIN} (verified by the wallet)`,
    )
    expect(view.children[1]?.textContent).toBe(
      'The page calls itself “Shop” (its own claim, not verified).',
    )
  })

  it('attack: script in the name is text, never markup', async () => {
    const f = frame()
    await f.send('SYNC_DAPP_DATA', metadata('<img src=x onerror="alert(1)"><script>x()</script>'))
    const view = await f.approval()
    expect(view.querySelector('img, script')).toBeNull()
    expect(view.querySelector('[data-testid="dapp-claim"]')?.textContent).toContain(
      '<img src=x onerror="alert(1)">',
    )
  })

  it('attack: a name imitating another origin is replaced by a notice; the origin stays first', async () => {
    const f = frame()
    await f.send('SYNC_DAPP_DATA', metadata('https://bank.example (verified by the wallet)'))
    const view = await f.approval()
    expect(view.firstElementChild?.textContent).toBe(
      `Request from ${ORIGIN} (verified by the wallet)`,
    )
    const claim = view.querySelector('[data-testid="dapp-claim"]')!
    expect(claim.getAttribute('data-claim')).toBe('address-like')
    expect(view.textContent).not.toContain('bank.example')
  })

  it('attack: bidi overrides are stripped and a long name is cut', async () => {
    const f = frame()
    await f.send('SYNC_DAPP_DATA', metadata(`\u202Eelgoog\u202C ${'W'.repeat(150)}`))
    expect(f.state.dappName).not.toMatch(/\u202E|\u202C/)
    expect([...(f.state.dappName ?? '')].length).toBeLessThanOrEqual(48)
  })

  it('attack: an overlong or malformed event is dropped with a warning only, and changes nothing', async () => {
    const f = frame()
    await f.send('SYNC_DAPP_DATA', metadata('Shop'))
    const answered = f.replies.length
    await f.send('SYNC_DAPP_DATA', metadata('x'.repeat(201)))
    await f.send('SYNC_DAPP_DATA', { metadata: { name: 'Shop' } })
    await f.send('SYNC_DAPP_DATA', { ...metadata('Shop'), extra: 1 })
    expect(f.warnings).toHaveLength(3)
    expect(f.replies).toHaveLength(answered)
    expect(f.state.dappName).toBe('Shop')
  })
})

describe('SYNC_THEME', () => {
  it("applies the app's mode and accent to the frame's document", async () => {
    const f = frame()
    await f.send('SYNC_THEME', {
      themeMode: 'dark',
      themeVariables: { '--latch-accent': '#ffee00', '--latch-border-radius-master': '2px' },
    })
    expect(f.replies.at(-1)?.type).toBe(successType('SYNC_THEME'))
    const html = document.documentElement
    expect(html.dataset.theme).toBe('dark')
    expect(html.style.getPropertyValue('--frame-accent')).toBe('#ffee00')
    expect(html.style.getPropertyValue('--frame-accent-text')).toBe('#141414')
    expect(html.style.getPropertyValue('--frame-radius')).toBe('4px')
  })

  it('attack: a theme carrying CSS injection is refused whole, with a warning, and the theme stays', async () => {
    const f = frame()
    await f.send('SYNC_THEME', { themeMode: 'light', themeVariables: { '--latch-accent': '#123' } })
    for (const value of ['red;} body{display:none', 'url(https://evil.example/x)'])
      await f.send('SYNC_THEME', { themeMode: 'dark', themeVariables: { '--latch-accent': value } })
    expect(f.warnings).toHaveLength(2)
    const html = document.documentElement
    expect(html.dataset.theme).toBe('light')
    expect(html.style.getPropertyValue('--frame-accent')).toBe('#112233')
    expect(html.getAttribute('style')).not.toMatch(/url|display/)
  })
})

describe('RELOAD', () => {
  it('is answered, and the app can sync again after it', async () => {
    const f = frame()
    await f.send('RELOAD', undefined)
    expect(f.replies.at(-1)?.type).toBe(successType('RELOAD'))
    expect(f.replies.some((r) => r.type === errorType('RELOAD'))).toBe(false)
    await f.send('SYNC_DAPP_DATA', metadata('Shop'))
    expect(f.state.dappName).toBe('Shop')
  })
})
