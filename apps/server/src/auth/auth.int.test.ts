import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  authCodes,
  authDevices,
  authMailLog,
  authRecoveryShares,
  authSessions,
  authShares,
} from '../db/schema/auth.js'
import { createTestPostgres } from '../testing/postgres.js'
import { APP_ORIGIN, type AuthTestApp, FRAME_ORIGIN, openAuthTestAppOn } from './testing.js'

// The whole file runs on PGlite and, when it answers, on Postgres.
const probe = await createTestPostgres()
const kinds: ('pglite' | 'postgres')[] = ['pglite']
if ('unavailable' in probe) console.warn(`Skipping the Postgres auth suite: ${probe.unavailable}`)
else {
  await probe.drop()
  kinds.push('postgres')
}

let t: AuthTestApp

const device = (n: number) => `device-${String(n).padStart(20, '0')}`

async function post(url: string, body: unknown, token?: string, agent?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: {
      ...(agent ? { 'user-agent': agent } : {}),
      origin: FRAME_ORIGIN,
      'latch-project-id': t.projectId,
      'latch-page-origin': APP_ORIGIN,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: body as object,
  })
  return { status: res.statusCode, body: res.json(), headers: res.headers }
}

async function get(url: string, token?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: {
      origin: FRAME_ORIGIN,
      'latch-project-id': t.projectId,
      'latch-page-origin': APP_ORIGIN,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  })
  return { status: res.statusCode, body: res.json(), headers: res.headers }
}

/** Lets the 30 s send interval pass without waiting: every earlier send moves 31 s back. */
async function ageSends(email: string) {
  await t.app.db
    .update(authCodes)
    .set({ createdAt: sql`${authCodes.createdAt} - interval '31 seconds'` })
    .where(eq(authCodes.email, email))
  await t.app.db
    .update(authDevices)
    .set({ approvalSentAt: sql`${authDevices.approvalSentAt} - interval '31 seconds'` })
  await t.app.db
    .update(authMailLog)
    .set({ createdAt: sql`${authMailLog.createdAt} - interval '31 seconds'` })
}

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36'

async function signIn(email: string, deviceId: string) {
  const start = await post('/auth/v1/email/start', { projectId: t.projectId, email, deviceId })
  expect(start.body).toEqual({ action: 'VERIFY_OTP' })
  const otp = await t.codeFor(email)
  const verified = await post('/auth/v1/email/verify', {
    projectId: t.projectId,
    email,
    deviceId,
    otp,
  })
  expect(verified.status).toBe(200)
  return verified.body as { token: string; user: { email: string } }
}

const wallet = {
  evmAddress: '0x1111111111111111111111111111111111111111',
  solanaAddress: '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T',
  authShare: 'QUFBQUFBQUFBQUFBQUFBQUE=',
  recoveryShare: 'UlJSUlJSUlJSUlJSUlJSUlI=',
}

describe.each(kinds)('on %s', (kind) => {
  beforeAll(async () => {
    const opened = await openAuthTestAppOn(kind)
    if ('unavailable' in opened) throw new Error(opened.unavailable)
    t = opened
  })
  afterAll(() => t.close())

  describe('email sign-in', () => {
    it('mails a 6-digit code over SMTP, stores only its HMAC, and opens a session with it', async () => {
      const email = 'Ada@Example.com'
      const start = await post('/auth/v1/email/start', {
        projectId: t.projectId,
        email,
        deviceId: device(1),
      })
      expect(start).toMatchObject({ status: 200, body: { action: 'VERIFY_OTP' } })
      const otp = await t.codeFor('ada@example.com')
      expect(otp).toMatch(/^\d{6}$/)
      const [row] = await t.app.db
        .select()
        .from(authCodes)
        .where(eq(authCodes.email, 'ada@example.com'))
      expect(row!.codeHash).not.toContain(otp)
      expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(10 * 60_000)

      const verified = await post('/auth/v1/email/verify', {
        projectId: t.projectId,
        email: 'ada@example.com',
        deviceId: device(1),
        otp,
      })
      expect(verified.status).toBe(200)
      const session = await get('/auth/v1/session', verified.body.token)
      expect(session.body).toEqual({
        email: 'ada@example.com',
        evmAddress: null,
        solanaAddress: null,
        socialProvider: null,
        username: null,
      })
      // The code works once.
      const again = await post('/auth/v1/email/verify', {
        projectId: t.projectId,
        email: 'ada@example.com',
        deviceId: device(1),
        otp,
      })
      expect(again.status).toBe(400)
    })

    it("allows one send per 30 s per email: 'Please try again after N seconds'", async () => {
      const email = 'throttle@example.com'
      await signIn(email, device(2))
      const soon = await post('/auth/v1/email/start', {
        projectId: t.projectId,
        email,
        deviceId: device(2),
      })
      expect(soon.status).toBe(429)
      expect(soon.body.error.message).toMatch(/^Please try again after ([12]\d|30) seconds$/)
      expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0)
      await ageSends(email)
      const later = await post('/auth/v1/email/start', {
        projectId: t.projectId,
        email,
        deviceId: device(2),
      })
      expect(later.status).toBe(200)
      await t.codeFor(email)
    })

    it('voids a code after 5 wrong guesses', async () => {
      const email = 'guess@example.com'
      await post('/auth/v1/email/start', { projectId: t.projectId, email, deviceId: device(3) })
      const otp = await t.codeFor(email)
      const wrong = otp === '000000' ? '111111' : '000000'
      const messages: string[] = []
      for (let i = 0; i < 5; i++) {
        const res = await post('/auth/v1/email/verify', {
          projectId: t.projectId,
          email,
          deviceId: device(3),
          otp: wrong,
        })
        expect(res.status).toBe(400)
        messages.push(res.body.error.message)
      }
      expect(messages[0]).toBe('Invalid code; 4 attempts left')
      expect(messages[4]).toBe('Too many wrong codes; request a new one')
      const right = await post('/auth/v1/email/verify', {
        projectId: t.projectId,
        email,
        deviceId: device(3),
        otp,
      })
      expect(right.status).toBe(400)
    })

    it('refuses an expired code', async () => {
      const email = 'late@example.com'
      await post('/auth/v1/email/start', { projectId: t.projectId, email, deviceId: device(4) })
      const otp = await t.codeFor(email)
      await t.app.db
        .update(authCodes)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(authCodes.email, email))
      const res = await post('/auth/v1/email/verify', {
        projectId: t.projectId,
        email,
        deviceId: device(4),
        otp,
      })
      expect(res.body.error.message).toBe('Invalid or expired code; request a new one')
    })

    it('validates emails and project ids', async () => {
      const bad = await post('/auth/v1/email/start', {
        projectId: t.projectId,
        email: 'nope',
        deviceId: device(5),
      })
      expect(bad.status).toBe(400)
      const unknown = await post('/auth/v1/email/start', {
        projectId: 'nope',
        email: 'a@b.co',
        deviceId: device(5),
      })
      expect(unknown).toMatchObject({
        status: 403,
        body: { error: { code: 'INVALID_PROJECT_ID' } },
      })
    })
  })

  describe('custody routes', () => {
    it('keeps both shares encrypted, releases the auth share only to a session', async () => {
      const { token } = await signIn('keys@example.com', device(6))
      expect((await get('/auth/v1/wallet/auth-share', token)).status).toBe(404)
      const created = await post('/auth/v1/wallet', wallet, token)
      expect(created.status).toBe(201)
      expect((await post('/auth/v1/wallet', wallet, token)).status).toBe(409)

      const rows = [
        ...(await t.app.db.select().from(authShares)),
        ...(await t.app.db.select().from(authRecoveryShares)),
      ].map((row) => row.ciphertext)
      for (const share of [wallet.authShare, wallet.recoveryShare])
        for (const row of rows) expect(row).not.toContain(share)

      expect((await get('/auth/v1/wallet/auth-share')).status).toBe(401)
      const released = await get('/auth/v1/wallet/auth-share', token)
      expect(released.body).toEqual({
        authShare: wallet.authShare,
        evmAddress: wallet.evmAddress,
        solanaAddress: wallet.solanaAddress,
      })
      expect(released.body).not.toHaveProperty('recoveryShare')
      const recovered = await post('/auth/v1/wallet/recover', {}, token)
      expect(recovered.body).toMatchObject({
        authShare: wallet.authShare,
        recoveryShare: wallet.recoveryShare,
      })

      // Recovery swapped the token; signing out ends the new one.
      const current = recovered.body.token as string
      expect((await get('/auth/v1/wallet/auth-share', current)).status).toBe(200)
      await post('/auth/v1/sign-out', {}, current)
      expect((await get('/auth/v1/wallet/auth-share', current)).status).toBe(401)
    })

    it('answers a known wallet on a new device like any address; its mail and page name site and device', async () => {
      const email = 'keys@example.com'
      await ageSends(email)
      const start = await post(
        '/auth/v1/email/start',
        { projectId: t.projectId, email, deviceId: device(7) },
        undefined,
        CHROME_MAC,
      )
      expect(start.body).toEqual({ action: 'VERIFY_OTP' })
      const mail = await t.mailbox.waitFor(
        (m) => m.to.includes(email) && m.subject.includes('new device'),
      )
      expect(mail.subject).toContain(APP_ORIGIN)
      expect(mail.text).toContain(`Site: ${APP_ORIGIN}`)
      expect(mail.text).toContain('Device: Chrome 120 on macOS')
      expect(mail.text).toMatch(/Time: \d{4}-\d\d-\d\d \d\d:\d\d UTC/)
      const link = /(http:\/\/\S+#[A-Za-z0-9_-]+)/.exec(mail.text)?.[1]
      expect(link).toBeDefined()
      const poll = () =>
        post('/auth/v1/email/device', { projectId: t.projectId, email, deviceId: device(7) })
      expect((await poll()).body).toEqual({ approved: false })

      // Opening the link approves nothing, nor does the review step: it shows the same facts.
      const url = new URL(link!)
      const page = await t.app.inject({ method: 'GET', url: url.pathname })
      expect(page.headers['content-security-policy']).toContain("script-src 'self'")
      const form = (fields: string) =>
        t.app.inject({
          method: 'POST',
          url: url.pathname,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: fields,
        })
      const review = await form(`token=${url.hash.slice(1)}&step=review`)
      expect(review.statusCode).toBe(200)
      expect(review.body).toContain(APP_ORIGIN)
      expect(review.body).toContain('Chrome 120 on macOS')
      expect(review.body).toContain('Approve device')
      expect((await poll()).body).toEqual({ approved: false })
      const approve = await form(`token=${url.hash.slice(1)}`)
      expect(approve.body).toContain('Device approved')
      expect((await poll()).body).toEqual({ approved: true })
      // The link works once.
      expect((await form(`token=${url.hash.slice(1)}&step=review`)).statusCode).toBe(400)
      const codeMail = await t.mailbox.waitFor(
        (m) => m.to.includes(email) && m.subject.includes('sign-in code') && m.id > mail.id,
      )
      expect(codeMail.text).toContain(
        `Enter this code only in the wallet window of ${APP_ORIGIN}; never give it to anyone`,
      )
      const otp = await t.codeFor(email)
      const verified = await post('/auth/v1/email/verify', {
        projectId: t.projectId,
        email,
        deviceId: device(7),
        otp,
      })
      expect(verified.status).toBe(200)
    })

    it('refuses a session to an unapproved device even with a valid code', async () => {
      const email = 'keys@example.com'
      await ageSends(email)
      // A code obtained on an approved device cannot be replayed from another one: it is bound to
      // the device that asked (code-binding.int.test.ts), so it is simply a wrong code there.
      await post('/auth/v1/email/start', { projectId: t.projectId, email, deviceId: device(6) })
      const otp = await t.codeFor(email)
      const res = await post('/auth/v1/email/verify', {
        projectId: t.projectId,
        email,
        deviceId: device(8),
        otp,
      })
      expect(res).toMatchObject({ status: 400, body: { error: { code: 'INVALID_CODE' } } })
    })
  })

  describe('update email', () => {
    it('needs the primary code, then the secondary code', async () => {
      const { token } = await signIn('old@example.com', device(9))
      await ageSends('old@example.com')
      const step1 = await post('/auth/v1/email/update', { email: 'new@example.com' }, token)
      expect(step1.body).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
      const primary = await t.codeFor('old@example.com')
      const step2 = await post('/auth/v1/email/update/primary', { otp: primary }, token)
      expect(step2.body).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
      const secondary = await t.codeFor('new@example.com')
      const wrong = await post(
        '/auth/v1/email/update/secondary',
        { otp: primary === secondary ? '000000' : primary, email: 'new@example.com' },
        token,
      )
      expect(wrong.status).toBe(400)
      const step3 = await post(
        '/auth/v1/email/update/secondary',
        { otp: secondary, email: 'new@example.com' },
        token,
      )
      expect(step3.body).toMatchObject({ email: 'new@example.com' })
      // The change swapped the session's token: the new one works, the old one is void.
      expect((await get('/auth/v1/session', step3.body.token)).body.email).toBe('new@example.com')
      expect((await get('/auth/v1/session', token)).status).toBe(401)
    })
  })

  describe('boundaries', () => {
    it('answers CORS only for the frame origin', async () => {
      const preflight = (origin: string) =>
        t.app.inject({
          method: 'OPTIONS',
          url: '/auth/v1/email/start',
          headers: { origin, 'access-control-request-method': 'POST' },
        })
      const ok = await preflight(FRAME_ORIGIN)
      expect(ok.statusCode).toBe(204)
      expect(ok.headers['access-control-allow-origin']).toBe(FRAME_ORIGIN)
      const app = await preflight(APP_ORIGIN)
      expect(app.statusCode).toBe(403)
      expect(app.headers['access-control-allow-origin']).toBeUndefined()
    })

    it('tells the frame whether a page origin may use the project', async () => {
      const check = async (origin: string) =>
        (
          await get(
            `/auth/v1/frame/origin?projectId=${t.projectId}&origin=${encodeURIComponent(origin)}`,
          )
        ).body
      expect(await check(APP_ORIGIN)).toEqual({ allowed: true })
      expect(await check('http://evil.test')).toEqual({ allowed: false })
    })

    it('lets any page read the origin answer, and only it: the rest of auth stays frame-only', async () => {
      // The page's frame client asks it to raise 'unverified_domain' at once; a page off the
      // list reads a bare no, and nothing else of the auth routes.
      const asked = await t.app.inject({
        method: 'GET',
        url: `/auth/v1/frame/origin?projectId=${t.projectId}&origin=${encodeURIComponent('http://evil.test')}`,
        headers: { origin: 'http://evil.test' },
      })
      expect(asked.headers['access-control-allow-origin']).toBe('*')
      expect(asked.headers['access-control-allow-credentials']).toBeUndefined()
      expect(asked.json()).toEqual({ allowed: false })
      const session = await t.app.inject({
        method: 'GET',
        url: '/auth/v1/session',
        headers: { origin: 'http://evil.test' },
      })
      expect(session.headers['access-control-allow-origin']).toBeUndefined()
      const start = await t.app.inject({
        method: 'OPTIONS',
        url: '/auth/v1/email/start',
        headers: { origin: 'http://evil.test', 'access-control-request-method': 'POST' },
      })
      expect(start.statusCode).toBe(403)
    })

    it('never logs a code, a token or a share', async () => {
      const all = t.logs.join('\n')
      expect(all.length).toBeGreaterThan(0)
      for (const mail of t.mailbox.messages()) {
        const code = /\b(\d{6})\b/.exec(mail.text)?.[1]
        if (code) expect(all).not.toContain(code)
      }
      expect(all).not.toContain(wallet.authShare)
      expect(all).not.toContain(wallet.recoveryShare)
    })
  })

  describe('recovery window', () => {
    it('releases the recovery share only to a session fresh from a code sign-in', async () => {
      const { token } = await signIn('stale@example.com', device(10))
      await post('/auth/v1/wallet', wallet, token)
      const recovered = await post('/auth/v1/wallet/recover', {}, token)
      expect(recovered.status).toBe(200)
      const rotated = recovered.body.token as string
      await t.app.db
        .update(authSessions)
        .set({ createdAt: sql`${authSessions.createdAt} - interval '11 minutes'` })
      const stale = await post('/auth/v1/wallet/recover', {}, rotated)
      expect(stale).toMatchObject({
        status: 403,
        body: { error: { code: 'RECOVERY_NEEDS_FRESH_SIGN_IN' } },
      })
      // The auth share alone stays available to the session.
      expect((await get('/auth/v1/wallet/auth-share', rotated)).status).toBe(200)
    })

    it('rate-limits recovery per client: 5 a minute', async () => {
      const { token } = await signIn('limits@example.com', device(11))
      await post('/auth/v1/wallet', wallet, token)
      for (let i = 0; i < 5; i++) await post('/auth/v1/wallet/recover', {}, token)
      const last = await post('/auth/v1/wallet/recover', {}, token)
      expect(last).toMatchObject({ status: 429, body: { error: { code: 'RATE_LIMITED' } } })
      expect(last.body.error.message).toMatch(/^Please try again after \d+ seconds$/)
    })
  })
})
