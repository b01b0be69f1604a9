import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EIP155 } from '../chains/eip155/sign-in.js'
import { authCodes, authUsers } from '../db/schema/auth.js'
import { CODE_GUESS_BUDGET, FIRST_LOCK_MS } from './codes.js'
import { APP_ORIGIN, type AuthTestApp, openAuthTestAppOn } from './testing.js'
import { storeAddresses } from './users.js'

// Attacks on sign-in codes (issue #13): guessing across many codes, polling for mail, and
// racing the send throttle. The clock is the app's own, moved by the test: no waiting.
const device = (n: number) => `device-${n}-`.padEnd(43, 'x')
const LOCK_SUBJECT = 'Sign-in to your Latch wallet is paused'

describe.each(['pglite', 'postgres'] as const)('sign-in codes on %s', (kind) => {
  let t: AuthTestApp
  let clock = Date.parse('2026-11-24T10:00:00Z')
  let skip = ''
  beforeAll(async () => {
    const opened = await openAuthTestAppOn(kind, {}, { now: () => new Date(clock) })
    if ('unavailable' in opened) {
      skip = opened.unavailable
      return
    }
    t = opened
  })
  afterAll(async () => {
    await t?.close()
  })

  const post = async (url: string, body: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload: body,
      headers: { 'latch-page-origin': APP_ORIGIN },
      remoteAddress: `10.${Math.floor(clock / 1000) % 250}.0.1`,
    })
    return { status: res.statusCode, body: res.json() }
  }
  const mailsTo = (email: string, subject?: string) =>
    t.mailbox.messages().filter((m) => m.to.includes(email) && (!subject || m.subject === subject))

  it('database is available', () => {
    expect(skip).toBe('')
  })

  it('30 minutes of guessing, a new code every 30 s, ends in a lock and one notice mail', async () => {
    const email = `target-${kind}@example.com`
    const answers: string[] = []
    let accepted = 0
    for (let step = 0; step < 60; step++) {
      clock += 30_000
      const start = await post('/auth/v1/email/start', {
        projectId: t.projectId,
        email,
        deviceId: device(1),
      })
      answers.push(start.body.action ?? start.body.error.code)
      for (let guess = 0; guess < 5; guess++) {
        const wrong = String((step * 5 + guess) % 1_000_000).padStart(6, '0')
        const verify = await post('/auth/v1/email/verify', {
          projectId: t.projectId,
          email,
          deviceId: device(1),
          otp: wrong,
        })
        if (verify.body.error.code === 'INVALID_CODE') accepted++
        else answers.push(verify.body.error.code)
      }
    }
    // The budget's guesses were checked; every later code request and guess was refused.
    expect(accepted).toBe(CODE_GUESS_BUDGET - 1)
    expect(answers.filter((a) => a === 'VERIFY_OTP')).toHaveLength(2)
    expect(answers.at(-1)).toBe('EMAIL_LOCKED')
    const codesSent = mailsTo(email).filter((m) => /\b\d{6}\b/.test(m.text))
    expect(codesSent).toHaveLength(2)
    await t.mailbox.waitFor((m) => m.to.includes(email) && m.subject === LOCK_SUBJECT)
    expect(mailsTo(email, LOCK_SUBJECT)).toHaveLength(1)
    // No live code survives the lock.
    const live = await t.app.db
      .select()
      .from(authCodes)
      .where(and(eq(authCodes.email, email), isNull(authCodes.consumedAt)))
    expect(live).toEqual([])

    // After the hour, codes flow again; the next lock lasts twice as long.
    clock += FIRST_LOCK_MS
    const again = await post('/auth/v1/email/start', {
      projectId: t.projectId,
      email,
      deviceId: device(1),
    })
    expect(again.body).toEqual({ action: 'VERIFY_OTP' })
    let locked: { error: { message: string } } | undefined
    for (let guess = 0; guess < 30 && !locked; guess++) {
      if (guess % 5 === 0 && guess > 0) {
        clock += 31_000
        await post('/auth/v1/email/start', { projectId: t.projectId, email, deviceId: device(1) })
      }
      const verify = await post('/auth/v1/email/verify', {
        projectId: t.projectId,
        email,
        deviceId: device(1),
        otp: '000000',
      })
      if (verify.body.error.code === 'EMAIL_LOCKED') locked = verify.body
    }
    expect(locked?.error.message).toMatch(/try again in 120 minutes/)
  })

  it('20 polls of an approved device mail nothing; the code went out once, when the link was used', async () => {
    const email = `device-${kind}@example.com`
    const [owner] = await t.app.db.insert(authUsers).values({ email }).returning()
    await storeAddresses(t.app.db, owner!.id, {
      [EIP155]: '0x00000000000000000000000000000000000000aa',
    })
    clock += 60_000
    const start = await post('/auth/v1/email/start', {
      projectId: t.projectId,
      email,
      deviceId: device(2),
    })
    expect(start.body).toEqual({ action: 'VERIFY_OTP' })
    const mail = await t.mailbox.waitFor((m) => m.to.includes(email) && /approve#/.test(m.text))
    const link = new URL(/(http:\/\/\S+#[A-Za-z0-9_-]+)/.exec(mail.text)![1]!)
    const approve = await t.app.inject({
      method: 'POST',
      url: link.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${link.hash.slice(1)}`,
    })
    expect(approve.body).toContain('Device approved')
    await t.codeFor(email)
    const before = mailsTo(email).length
    for (let i = 0; i < 20; i++) {
      const poll = await post('/auth/v1/email/device', {
        projectId: t.projectId,
        email,
        deviceId: device(2),
      })
      expect(poll.body).toEqual({ approved: true })
    }
    // A later sign-in mail proves the mailbox is caught up: the polls added nothing before it.
    clock += 31_000
    await post('/auth/v1/email/start', {
      projectId: t.projectId,
      email: `marker-${kind}@example.com`,
      deviceId: device(3),
    })
    await t.codeFor(`marker-${kind}@example.com`)
    expect(mailsTo(email)).toHaveLength(before)
  })

  it('20 concurrent starts leave one live code and send one mail', async () => {
    const email = `race-${kind}@example.com`
    clock += 60_000
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/auth/v1/email/start',
          headers: { 'latch-page-origin': APP_ORIGIN },
          payload: { projectId: t.projectId, email, deviceId: device(4) },
          remoteAddress: `10.200.0.${i + 1}`,
        }),
      ),
    )
    const codes = answers.map((a) => a.json().action ?? a.json().error.code)
    expect(codes.filter((c) => c === 'VERIFY_OTP')).toHaveLength(1)
    expect(codes.filter((c) => c === 'EMAIL_THROTTLED')).toHaveLength(19)
    const live = await t.app.db
      .select()
      .from(authCodes)
      .where(and(eq(authCodes.email, email), isNull(authCodes.consumedAt)))
    expect(live).toHaveLength(1)
    await t.codeFor(email)
    expect(mailsTo(email)).toHaveLength(1)
  })
})
