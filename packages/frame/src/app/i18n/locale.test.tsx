import { stringToHex } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { dappDataPayload } from '../../client/sync.js'
import { appEventType, successType } from '../../protocol/index.js'
import { createAuthApi } from '../api.js'
import { messageView } from '../decode/message.js'
import { createMessageHandler } from '../handler.js'
import { createFrameServices } from '../services.js'
import { createApprovalUi } from '../ui/approve.js'
import { en } from './en.js'
import { currentLocale, setLocale } from './index.js'

// Issue 38 item 7, the frame's part: the page names a language in SYNC_DAPP_DATA, and the
// frame's own views switch to it; a value that is not a short language tag never gets in.

const ORIGIN = 'https://shop.example'

/** The frame's real services and handler, as main.ts wires them; the server is never reached. */
function frame() {
  const root = document.createElement('main')
  document.body.replaceChildren(root)
  const ui = createApprovalUi(root, { show() {}, hide() {} })
  const { services, state } = createFrameServices({
    api: createAuthApi('http://127.0.0.1:9', 'p1'),
    storage: { getItem: () => null, setItem() {}, removeItem() {} },
    ui,
    root,
    visibility: { show() {}, hide() {} },
    callbackOrigin: 'http://127.0.0.1:9',
    window,
    origin: ORIGIN,
    chainId: 'eip155:31337',
    proxyUrl: () => 'http://127.0.0.1:9/v1/',
  })
  const replies: { type: string }[] = []
  const warnings: string[] = []
  const handle = createMessageHandler({
    services,
    reply: (m) => replies.push(m as { type: string }),
    warn: (m) => warnings.push(m),
  })
  let n = 0
  const sync = (payload: unknown) =>
    handle({ type: appEventType('SYNC_DAPP_DATA'), id: `r${++n}`, payload })
  /** A personal_sign approval, its view built after the sync as the frame builds it. */
  const approval = async () => {
    void ui.approve({
      method: 'personal_sign',
      origin: ORIGIN,
      dappName: state.dappName,
      view: messageView(stringToHex('gm'), ORIGIN),
    })
    return vi.waitFor(() => {
      const view = root.querySelector<HTMLElement>('[data-view="ApproveTransaction"]')
      if (!view) throw new Error('no approval view yet')
      return view
    })
  }
  return { sync, approval, replies, warnings }
}

const metadata = { name: 'Shop', description: '', url: ORIGIN, icons: [] }

afterEach(() => setLocale('en'))

describe('SYNC_DAPP_DATA locale', () => {
  it("a page configured with 'de' gets the approval view in German, with no English text", async () => {
    const f = frame()
    await f.sync({ metadata, locale: 'de' })
    expect(f.replies.at(-1)?.type).toBe(successType('SYNC_DAPP_DATA'))
    const view = await f.approval()
    expect(view.querySelector('h1')?.textContent).toBe('Nachricht signieren')
    expect(view.querySelector('[data-testid="approve"]')?.textContent).toBe('Genehmigen')
    expect(view.querySelector('[data-testid="reject"]')?.textContent).toBe('Ablehnen')
    expect(view.firstElementChild?.textContent).toBe(
      `Anfrage von ${ORIGIN} (von der Wallet geprüft)`,
    )
    const text = view.textContent ?? ''
    for (const english of [en['action.approve'], en['message.title'], en['origin.after']])
      expect(text).not.toContain(english)
  })

  it('an unknown language falls back to English', async () => {
    const f = frame()
    await f.sync({ metadata, locale: 'fr-CA' })
    expect(currentLocale().language).toBe('en')
    expect((await f.approval()).querySelector('h1')?.textContent).toBe('Sign message')
  })

  it('attack: a hostile locale is refused by the schema: event dropped, language unchanged', async () => {
    const f = frame()
    await f.sync({ locale: 'de' })
    const answered = f.replies.length
    const hostile: unknown[] = [
      '<img src=x onerror=alert(1)>',
      'de\u202Een',
      'de\nX-Injected: 1',
      '../../de',
      'de_DE',
      `de-${'a'.repeat(40)}`,
      'de-DE-u-nu-arab-x-evil',
      '',
      42,
      ['de'],
      { toString: () => 'de' },
    ]
    for (const locale of hostile) await f.sync({ metadata, locale })
    expect(f.warnings).toHaveLength(hostile.length)
    expect(f.replies).toHaveLength(answered)
    expect(currentLocale().language).toBe('de')
    // The page's own client leaves such a value out rather than lose the whole event.
    for (const locale of hostile.filter((v) => typeof v === 'string'))
      expect(dappDataPayload({ metadata, locale })).toEqual({ metadata })
  })
})
