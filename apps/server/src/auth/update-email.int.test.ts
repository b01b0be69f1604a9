import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authCodes } from '../db/schema/auth.js'
import { createTestPostgres } from '../testing/postgres.js'
import { type AuthTestApp, frameCall, openAuthTestAppOn } from './testing.js'

// The email change as an attacker would try it, against the whole server and a real SMTP catcher:
// every code mail must show where the wallet moves, the old address must hear of it afterwards,
// and a session left on another device must not survive the change.
const probe = await createTestPostgres()
const kinds: ('pglite' | 'postgres')[] = ['pglite']
if ('unavailable' in probe) console.warn(`Skipping the Postgres suite: ${probe.unavailable}`)
else {
  await probe.drop()
  kinds.push('postgres')
}

let t: AuthTestApp
const device = (n: number) => `device-${String(n).padStart(20, '0')}`

const call = (method: 'GET' | 'POST', url: string, token?: string, body?: object) =>
  frameCall(t, method, url, token, body)

/** Lets the 30 s send interval pass without waiting: every earlier send moves 31 s back. */
async function ageSends(email: string) {
  await t.app.db
    .update(authCodes)
    .set({ createdAt: sql`${authCodes.createdAt} - interval '31 seconds'` })
    .where(eq(authCodes.email, email))
}

async function signIn(email: string, deviceId: string): Promise<string> {
  await ageSends(email)
  const body = { projectId: t.projectId, email, deviceId }
  expect((await call('POST', '/auth/v1/email/start', undefined, body)).body).toEqual({
    action: 'VERIFY_OTP',
  })
  const otp = await t.codeFor(email)
  const verified = await call('POST', '/auth/v1/email/verify', undefined, { ...body, otp })
  expect(verified.status).toBe(200)
  return verified.body.token as string
}

/** The newest mail to `to` whose subject matches, waiting for it. */
const mailTo = (to: string, subject: RegExp) =>
  t.mailbox.waitFor((m) => m.to.includes(to) && subject.test(m.subject))

let clock = Date.now()

describe.each(kinds)('email change on %s', (kind) => {
  beforeAll(async () => {
    const opened = await openAuthTestAppOn(kind, {}, { now: () => new Date(clock) })
    if ('unavailable' in opened) throw new Error(opened.unavailable)
    t = opened
  })
  afterAll(() => t.close())

  it('names both addresses in each code mail, tells the old address, and ends every other session', async () => {
    const [old, next] = ['victim@example.com', 'new-owner@example.com']
    const laptop = await signIn(old, device(1))
    const phone = await signIn(old, device(2))
    expect((await call('GET', '/auth/v1/session', phone)).status).toBe(200)

    await ageSends(old)
    const start = await call('POST', '/auth/v1/email/update', laptop, { email: next })
    expect(start.body).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    const primary = await mailTo(old, /email change/)
    expect(primary.text).toContain(`from ${old} to ${next}`)
    const primaryCode = /\b(\d{6})\b/.exec(primary.text)![1]!

    const step2 = await call('POST', '/auth/v1/email/update/primary', laptop, { otp: primaryCode })
    expect(step2.body).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    const secondary = await mailTo(next, /new Latch email/)
    expect(secondary.text).toContain(`from ${old} to ${next}`)
    const secondaryCode = /\b(\d{6})\b/.exec(secondary.text)![1]!
    // Nothing has reached the old address yet beyond its code.
    expect(
      t.mailbox.messages().filter((m) => m.to.includes(old) && /changed/.test(m.subject)),
    ).toEqual([])

    const done = await call('POST', '/auth/v1/email/update/secondary', laptop, {
      otp: secondaryCode,
      email: next,
    })
    expect(done.body).toEqual({
      email: next,
      token: expect.any(String),
      expiresAt: expect.any(String),
    })

    const notice = await mailTo(old, /sign-in email was changed/)
    expect(notice.text).toContain(`from ${old} to ${next}`)
    // The session that made the change goes on under a new token; a copy of the old one (taken
    // before the change) is worth nothing, and the other device is signed out.
    expect((await call('GET', '/auth/v1/session', done.body.token)).body.email).toBe(next)
    expect((await call('GET', '/auth/v1/session', laptop)).status).toBe(401)
    const refused = await call('GET', '/auth/v1/session', phone)
    expect(refused).toMatchObject({ status: 401, body: { error: { code: 'UNAUTHENTICATED' } } })
    expect((await call('GET', '/auth/v1/wallet/auth-share', phone)).status).toBe(401)
  })

  it('an abandoned change sends no notice and signs nobody out', async () => {
    const [old, next] = ['keeper@example.com', 'thief@example.com']
    const laptop = await signIn(old, device(3))
    const phone = await signIn(old, device(4))
    await ageSends(old)
    await call('POST', '/auth/v1/email/update', laptop, { email: next })
    const primary = await mailTo(old, /email change/)
    expect(primary.text).toContain(`from ${old} to ${next}`)
    // The code never comes back: the email and both sessions stay as they were.
    expect((await call('GET', '/auth/v1/session', phone)).body.email).toBe(old)
    expect((await call('GET', '/auth/v1/session', laptop)).body.email).toBe(old)
    expect(
      t.mailbox.messages().filter((m) => m.to.includes(old) && /was changed/.test(m.subject)),
    ).toEqual([])
  })

  it('a session signed in 20 minutes ago cannot move the email; a fresh sign-in can', async () => {
    const [old, next] = ['stolen@example.com', 'attacker@example.com']
    const stolen = await signIn(old, device(5))
    clock += 20 * 60_000
    await ageSends(old)
    const refused = await call('POST', '/auth/v1/email/update', stolen, { email: next })
    expect(refused).toMatchObject({ status: 403, body: { error: { code: 'NEEDS_FRESH_SIGN_IN' } } })
    // No code mail went to the owner for the refused attempt.
    expect(
      t.mailbox.messages().filter((m) => m.to.includes(old) && /email change/.test(m.subject)),
    ).toEqual([])
    clock += 31_000
    const fresh = await signIn(old, device(5))
    clock += 31_000
    const start = await call('POST', '/auth/v1/email/update', fresh, { email: next })
    expect(start.body).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
  })
})
