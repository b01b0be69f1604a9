import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { appEvents, appEventType, parseAppMessage } from '../protocol/index.js'
import { createMessageHandler, FrameError, type FrameServices } from './handler.js'

/** Services that only record: the frame's state is exactly what they were asked to do. */
function recordingServices() {
  const calls: string[] = []
  const services = Object.fromEntries(
    appEvents.map((event) => [
      event,
      async () => {
        calls.push(event)
        if (event === 'IS_CONNECTED') return { isConnected: false }
        throw new FrameError('Not signed in')
      },
    ]),
  ) as unknown as FrameServices
  return { calls, services }
}

const shaped = fc.record(
  {
    type: fc.oneof(
      fc.constantFrom(...appEvents.map((e) => appEventType(e))),
      fc.string(),
      fc.constant('@latch-app/'),
    ),
    id: fc.oneof(fc.string({ maxLength: 70 }), fc.anything()),
    payload: fc.oneof(
      fc.anything(),
      fc.record(
        { email: fc.string(), otp: fc.string(), method: fc.string(), chainId: fc.anything() },
        { requiredKeys: [] },
      ),
    ),
    extra: fc.anything(),
  },
  { requiredKeys: [] },
)

// Well-formed requests, so every run exercises the valid path too (random ids rarely match).
const wellFormed = fc.record({
  type: fc.constant(appEventType('IS_CONNECTED')),
  id: fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
})

describe('createMessageHandler', () => {
  it('answers a valid request exactly once, with its id, and hides internal errors', async () => {
    const replies: unknown[] = []
    const handle = createMessageHandler({
      services: {
        GET_USER: async () => {
          throw new Error('db password is hunter2')
        },
      } as unknown as FrameServices,
      reply: (m) => replies.push(m),
      warn: () => {},
    })
    await handle({ type: appEventType('GET_USER'), id: 'r1' })
    expect(replies).toEqual([
      { type: '@latch-frame/GET_USER_ERROR', id: 'r1', payload: { message: 'An error occurred' } },
    ])
  })

  it('survives 10,000 fuzzed messages: invalid ones change nothing and get no answer', async () => {
    const { calls, services } = recordingServices()
    const replies: { id?: unknown }[] = []
    const handle = createMessageHandler({
      services,
      reply: (m) => replies.push(m as { id?: unknown }),
      warn: () => {},
    })
    let valid = 0
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.anything({ maxDepth: 3 }), shaped, wellFormed), async (data) => {
        const callsBefore = calls.length
        const repliesBefore = replies.length
        await handle(data)
        if (parseAppMessage(data, () => {}) === null) {
          expect(calls.length).toBe(callsBefore)
          expect(replies.length).toBe(repliesBefore)
        } else {
          valid++
          expect(replies.length).toBe(repliesBefore + 1)
          expect(replies.at(-1)?.id).toBe((data as { id: unknown }).id)
        }
      }),
      { numRuns: 10_000 },
    )
    // The generator must reach the valid path too, or the second branch proves nothing.
    expect(valid).toBeGreaterThan(0)
  }, 120_000)
})
