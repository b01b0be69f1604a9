import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authCodes } from '../db/schema/auth.js'
import { SESSION_IDLE_MS, SESSION_TTL_MS } from './sessions.js'
import { APP_ORIGIN, type AuthTestApp, frameCall, openAuthTestAppOn } from './testing.js'

// Session lifetimes and the account's own view of its sessions (issue #13), with the app's clock
// moved by the test. The attacker holds a stolen token and hopes it lives for ever.
let t: AuthTestApp
let clock = Date.parse('2026-11-24T09:00:00Z')
const device = (n: number) => `device-${String(n).padStart(20, '0')}`

const call = (method: 'GET' | 'POST', url: string, token?: string, body?: object) =>
  frameCall(t, method, url, token, body)

async function signIn(email: string, deviceId: string): Promise<string> {
  await t.app.db
    .update(authCodes)
    .set({ createdAt: sql`${authCodes.createdAt} - interval '31 seconds'` })
    .where(eq(authCodes.email, email))
  clock += 31_000
  const body = { projectId: t.projectId, email, deviceId }
  expect((await call('POST', '/auth/v1/email/start', undefined, body)).body).toEqual({
    action: 'VERIFY_OTP',
  })
  const verified = await call('POST', '/auth/v1/email/verify', undefined, {
    ...body,
    otp: await t.codeFor(email),
  })
  expect(verified.status).toBe(200)
  return verified.body.token as string
}

describe('sessions', () => {
  beforeAll(async () => {
    const opened = await openAuthTestAppOn('pglite', {}, { now: () => new Date(clock) })
    if ('unavailable' in opened) throw new Error(opened.unavailable)
    t = opened
  })
  afterAll(() => t.close())

  it('a token unused for longer than the idle lifetime is dead; use keeps it alive', async () => {
    const used = await signIn('idle@example.com', device(1))
    const stolen = await signIn('idle@example.com', device(2))
    for (let day = 0; day < 10; day++) {
      clock += 24 * 60 * 60_000
      expect((await call('GET', '/auth/v1/session', used)).status).toBe(200)
    }
    // Ten days of use for one, ten days of silence for the other.
    expect((await call('GET', '/auth/v1/session', stolen)).status).toBe(401)
    expect(SESSION_IDLE_MS).toBeLessThan(10 * 24 * 60 * 60_000)
  })

  it('no use keeps a session past its absolute lifetime', async () => {
    const token = await signIn('absolute@example.com', device(3))
    const end = clock + SESSION_TTL_MS
    while (clock < end - 24 * 60 * 60_000) {
      clock += 24 * 60 * 60_000
      expect((await call('GET', '/auth/v1/session', token)).status).toBe(200)
    }
    clock = end + 1_000
    expect((await call('GET', '/auth/v1/session', token)).status).toBe(401)
  })

  it('lists the live sessions without their tokens; sign out everywhere ends them all', async () => {
    const laptop = await signIn('many@example.com', device(4))
    const phone = await signIn('many@example.com', device(5))
    const list = await call('GET', '/auth/v1/sessions', laptop)
    expect(list.status).toBe(200)
    expect(list.body.sessions).toHaveLength(2)
    expect(list.body.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1)
    const text = JSON.stringify(list.body)
    for (const token of [laptop, phone]) expect(text).not.toContain(token)
    expect(list.body.sessions[0]).toMatchObject({ projectId: t.projectId, pageOrigin: APP_ORIGIN })

    const ended = await call('POST', '/auth/v1/sign-out-everywhere', phone, {})
    expect(ended.body).toEqual({ ended: 2 })
    for (const token of [laptop, phone])
      expect((await call('GET', '/auth/v1/session', token)).status).toBe(401)
    // Another account's sessions are not touched.
    const other = await signIn('bystander@example.com', device(6))
    expect((await call('GET', '/auth/v1/sessions', other)).body.sessions).toHaveLength(1)
  })
})
