import 'fake-indexeddb/auto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { appEvents, appEventType, parseAppMessage } from '../protocol/index.js'
import { createAuthApi } from './api.js'
import { createMessageHandler } from './handler.js'
import { createFrameServices } from './services.js'
import { createApprovalUi } from './ui/approve.js'

/** The real frame (services, approval UI, storage) behind the real handler; no server answers. */
function frame() {
  const items = new Map<string, string>()
  const storage = {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  }
  const root = document.createElement('main')
  document.body.replaceChildren(root)
  const notices: string[] = []
  const visibility = {
    show: () => notices.push('show'),
    hide: () => notices.push('hide'),
  }
  const { services, state } = createFrameServices({
    api: createAuthApi('http://127.0.0.1:9', 'p1'),
    storage,
    ui: createApprovalUi(root, visibility),
    root,
    visibility,
    callbackOrigin: 'http://127.0.0.1:9',
    window,
    origin: 'http://localhost:5173',
    chainId: 'eip155:31337',
    proxyUrl: () => 'http://127.0.0.1:9/v1/',
  })
  const replies: { id?: unknown }[] = []
  const handle = createMessageHandler({
    services,
    reply: (m) => replies.push(m as { id?: unknown }),
    warn: () => {},
  })
  const snapshot = () =>
    JSON.stringify({
      state,
      items: [...items],
      dom: root.innerHTML,
      notices,
      replies: replies.length,
    })
  return { handle, snapshot, replies }
}

const shaped = fc.record(
  {
    type: fc.oneof(fc.constantFrom(...appEvents.map((e) => appEventType(e))), fc.string()),
    id: fc.oneof(fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/), fc.anything({ maxDepth: 1 })),
    payload: fc.oneof(
      fc.anything({ maxDepth: 2 }),
      fc.record(
        {
          email: fc.emailAddress(),
          otp: fc.stringMatching(/^\d{6}$/),
          method: fc.string(),
          chainId: fc.nat(),
        },
        { requiredKeys: [] },
      ),
    ),
    port: fc.anything({ maxDepth: 1 }),
  },
  { requiredKeys: [] },
)

describe('the frame under 10,000 fuzzed messages', () => {
  it('changes no state and answers nothing for invalid ones, and never crashes', async () => {
    const { handle, snapshot, replies } = frame()
    let valid = 0
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.anything({ maxDepth: 3 }), shaped), async (data) => {
        const isValid = parseAppMessage(data, () => {}) !== null
        // Valid messages may legitimately change the theme or chain; not part of the property.
        if (isValid) {
          valid++
          const before = replies.length
          await handle(data)
          expect(replies.length).toBe(before + 1)
          return
        }
        const before = snapshot()
        await handle(data)
        expect(snapshot()).toBe(before)
      }),
      { numRuns: 10_000 },
    )
    expect(valid).toBeGreaterThan(0)
  }, 180_000)
})
