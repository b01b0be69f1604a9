import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authCodes } from '../db/schema/auth.js'
import { APP_ORIGIN, type AuthTestApp, FRAME_ORIGIN, openAuthTestApp } from './testing.js'

// LATCH_AUTH_MAIL_INTERVAL_SECONDS reaches the throttle (docs/custody.md#sign-in-codes): the e2e
// stack runs at 5 s. The 30 s default is tested in auth.int.test.ts; the 5 s floor in config.test.ts.
// Here 600 s: far from the default, and long enough that a slow machine between two requests
// cannot let the interval run out (at 5 s it did, at load 18); time is moved by ageing the codes.
let t: AuthTestApp
let device = 0

beforeAll(async () => {
  t = await openAuthTestApp({ LATCH_AUTH_MAIL_INTERVAL_SECONDS: '600' })
})
afterAll(() => t?.close())

const start = async (email: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/auth/v1/email/start',
    headers: { origin: FRAME_ORIGIN, 'latch-page-origin': APP_ORIGIN },
    payload: {
      projectId: t.projectId,
      email,
      deviceId: `device-${String(++device).padStart(20, '0')}`,
    },
  })
  return { status: res.statusCode, body: res.json() as { error?: { message: string } } }
}

/** Moves the address's codes `seconds` into the past, as if that much time had gone by. */
const age = (email: string, seconds: number) =>
  t.app.db
    .update(authCodes)
    .set({ createdAt: sql`${authCodes.createdAt} - make_interval(secs => ${seconds})` })
    .where(eq(authCodes.email, email))

describe('a configured mail interval', () => {
  it('refuses a second mail within it, naming its seconds, and sends one after it', async () => {
    const email = 'interval@example.com'
    expect((await start(email)).status).toBe(200)
    await t.codeFor(email)
    const soon = await start(email)
    expect(soon.status).toBe(429)
    const seconds = Number(
      /^Please try again after (\d+) seconds$/.exec(soon.body.error?.message ?? '')?.[1],
    )
    expect(seconds).toBeGreaterThan(500)
    expect(seconds).toBeLessThanOrEqual(600)
    await age(email, 500)
    expect((await start(email)).status).toBe(429)
    await age(email, 100)
    expect((await start(email)).status).toBe(200)
  })
})
