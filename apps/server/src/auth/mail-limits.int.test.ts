import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EIP155 } from '../chains/eip155/sign-in.js'
import { authCodes, authMailLog, authUsers } from '../db/schema/auth.js'
import { createProject } from '../provider-services/projects.js'
import { MAIL_LIMITS } from './mail-limits.js'
import { APP_ORIGIN, type AuthTestApp, FRAME_ORIGIN, openAuthTestAppOn } from './testing.js'
import { approveDevice, findUserByEmail, storeAddresses } from './users.js'

// Attacks on the sign-in mail (issue 29 item 8): learning which addresses have a wallet from
// email/start and its poll, flooding one mailbox from fresh devices and fresh IPs, one site
// mailing many addresses, and a start from a page the project does not allow. The app's clock
// is moved by the test; each request comes from its own address, as a botnet's would.
const OTHER_PAGE = 'http://localhost:5176'
let ip = 0
const device = () => `mail-device-${String(++ip).padStart(20, '0')}`

describe.each(['pglite', 'postgres'] as const)('sign-in mail on %s', (kind) => {
  let t: AuthTestApp
  let clock = Date.parse('2026-11-25T08:00:00Z')
  let skip = ''
  beforeAll(async () => {
    const opened = await openAuthTestAppOn(kind, {}, { now: () => new Date(clock) })
    if ('unavailable' in opened) skip = opened.unavailable
    else t = opened
  })
  afterAll(async () => {
    await t?.close()
  })

  const start = async (
    email: string,
    options: { origin?: string | null; projectId?: string; deviceId?: string } = {},
  ) => {
    const origin = options.origin === undefined ? APP_ORIGIN : options.origin
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/email/start',
      headers: {
        origin: FRAME_ORIGIN,
        ...(origin === null ? {} : { 'latch-page-origin': origin }),
      },
      payload: {
        projectId: options.projectId ?? t.projectId,
        email,
        deviceId: options.deviceId ?? device(),
      },
      remoteAddress: `10.${(ip >> 8) % 250}.${ip % 250}.${++ip % 250}`,
    })
    return { status: res.statusCode, body: res.json(), retryAfter: res.headers['retry-after'] }
  }
  const poll = async (email: string, deviceId: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/auth/v1/email/device',
        headers: { 'latch-page-origin': APP_ORIGIN },
        payload: { projectId: t.projectId, email, deviceId },
        remoteAddress: `10.251.0.${++ip % 250}`,
      })
    ).json()
  const verify = async (email: string, deviceId: string, otp: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/auth/v1/email/verify',
        headers: { 'latch-page-origin': APP_ORIGIN },
        payload: { projectId: t.projectId, email, deviceId, otp },
        remoteAddress: `10.252.0.${++ip % 250}`,
      })
    ).json()
  /**
   * An answer without its request id: every error answer carries a fresh random one
   * (observability/request-id.ts), so it tells one address from another no more than the time.
   */
  const alike = <T extends { error?: { requestId?: unknown } }>(body: T) => {
    expect(body.error?.requestId).toEqual(expect.any(String))
    return { ...body, error: { ...body.error, requestId: undefined } }
  }
  const mailsTo = (email: string) => t.mailbox.messages().filter((m) => m.to.includes(email))
  /** Waits until a mail to `marker` arrived: every mail sent before it has arrived too. */
  const settle = async (tag: string) => {
    clock += 31_000
    const marker = `marker-${tag}-${kind}@example.com`
    expect((await start(marker)).status).toBe(200)
    await t.mailbox.waitFor((m) => m.to.includes(marker))
  }

  it('database is available', () => {
    expect(skip).toBe('')
  })

  it('answers alike for a new address, a wallet on a new device and a wallet on an approved device', async () => {
    const fresh = `nobody-${kind}@example.com`
    const owner = `owner-${kind}@example.com`
    const [user] = await t.app.db.insert(authUsers).values({ email: owner }).returning()
    await storeAddresses(t.app.db, user!.id, { [EIP155]: `0x${'ab'.repeat(20)}` })
    const known = device()
    await approveDevice(t.app.db, (await findUserByEmail(t.app.db, owner))!.id, known, new Date())
    clock += 60_000
    const attackerDevice = device()
    const answers = [
      await start(fresh, { deviceId: attackerDevice }),
      await start(owner, { deviceId: attackerDevice }),
    ]
    for (const answer of answers)
      expect(answer).toMatchObject({ status: 200, body: { action: 'VERIFY_OTP' } })
    // Starting again at once: the same refusal for both.
    const again = [
      await start(fresh, { deviceId: attackerDevice }),
      await start(owner, { deviceId: attackerDevice }),
    ]
    expect(again[0]!.status).toBe(429)
    expect({ ...again[1]!, body: alike(again[1]!.body) }).toEqual({
      ...again[0]!,
      body: alike(again[0]!.body),
    })
    // The poll and a guessed code get the same answers for the new address and the wallet.
    expect(await poll(fresh, attackerDevice)).toEqual({ approved: false })
    expect(await poll(owner, attackerDevice)).toEqual({ approved: false })
    const guessFresh = await verify(fresh, attackerDevice, '000000')
    const guessOwner = await verify(owner, attackerDevice, '000000')
    expect(guessFresh.error.code).toBe('INVALID_CODE')
    expect(alike(guessOwner)).toEqual(alike(guessFresh))
    // The owner's own device gets the same answer too, and a code.
    clock += 31_000
    expect(await start(owner, { deviceId: known })).toMatchObject({
      status: 200,
      body: { action: 'VERIFY_OTP' },
    })
    await settle('alike')
    // The wallet's owner got the approval link, not a code, for the device they never approved.
    const [link, code] = mailsTo(owner)
    expect(link!.subject).toContain('Approve a new device')
    expect(link!.text).not.toMatch(/\n\d{6}\n/)
    expect(code!.text).toMatch(/\n\d{6}\n/)
    expect(mailsTo(fresh)).toHaveLength(1)
  })

  it('one address started again and again from fresh devices and IPs hits its hourly, then daily cap', async () => {
    const victim = `flooded-${kind}@example.com`
    const answers: number[] = []
    for (let i = 0; i < MAIL_LIMITS.addressPerHour + 3; i++) {
      clock += 31_000
      answers.push((await start(victim)).status)
    }
    expect(answers.filter((s) => s === 200)).toHaveLength(MAIL_LIMITS.addressPerHour)
    const refused = await start(victim)
    expect(refused).toMatchObject({ status: 429, body: { error: { code: 'EMAIL_THROTTLED' } } })
    expect(Number(refused.retryAfter)).toBeGreaterThan(30)
    // Hour after hour, the day's cap holds.
    let sent = MAIL_LIMITS.addressPerHour
    for (let hour = 0; hour < 4; hour++) {
      clock += 61 * 60_000
      for (let i = 0; i < MAIL_LIMITS.addressPerHour; i++) {
        clock += 31_000
        if ((await start(victim)).status === 200) sent++
      }
    }
    expect(sent).toBe(MAIL_LIMITS.addressPerDay)
    await settle('flood')
    expect(mailsTo(victim)).toHaveLength(MAIL_LIMITS.addressPerDay)
    // A day later the address may be mailed again.
    clock += 24 * 60 * 60_000
    expect((await start(victim)).status).toBe(200)
  })

  it('one site mailing many addresses hits its hourly cap; another site of the project does not', async () => {
    const project = await createProject(t.app.db, {
      name: `mailer ${kind}`,
      origins: [APP_ORIGIN, OTHER_PAGE],
    })
    clock += 60 * 60_000
    // The site already sent all but one of its hour's mails (rows as email/start writes them).
    await t.app.db.execute(
      sql`insert into auth_mail_log (email, project_id, page_origin, created_at) select 'earlier-' || g || '@example.com', ${project.id}, ${OTHER_PAGE}, ${new Date(clock - 60_000).toISOString()}::timestamptz from generate_series(1, ${MAIL_LIMITS.originPerHour - 1}) g`,
    )
    const options = { origin: OTHER_PAGE, projectId: project.id }
    expect((await start(`last-${kind}@example.com`, options)).status).toBe(200)
    const over = `over-${kind}@example.com`
    const refused = await start(over, options)
    expect(refused).toMatchObject({ status: 429, body: { error: { code: 'ORIGIN_MAIL_LIMIT' } } })
    expect(Number(refused.retryAfter)).toBeGreaterThan(0)
    expect(await t.app.db.select().from(authCodes).where(eq(authCodes.email, over))).toEqual([])
    // The cap is the site's: the project's other page still mails, until the project's cap.
    expect((await start(over, { projectId: project.id })).status).toBe(200)
    await t.app.db.execute(
      sql`insert into auth_mail_log (email, project_id, page_origin, created_at) select 'more-' || g || '@example.com', ${project.id}, ${APP_ORIGIN}, ${new Date(clock - 60_000).toISOString()}::timestamptz from generate_series(1, ${MAIL_LIMITS.projectPerHour}) g`,
    )
    expect(await start(`project-${kind}@example.com`, { projectId: project.id })).toMatchObject({
      status: 429,
      body: { error: { code: 'ORIGIN_MAIL_LIMIT' } },
    })
    // An hour later both mail again.
    clock += 61 * 60_000
    expect((await start(`later-${kind}@example.com`, options)).status).toBe(200)
  })

  it('a start without a page origin, or from a page the project does not allow, mails nothing', async () => {
    const target = `origin-${kind}@example.com`
    for (const origin of [null, 'http://evil.test', 'null', `${APP_ORIGIN}/`, '']) {
      clock += 31_000
      expect(await start(target, { origin })).toMatchObject({
        status: 403,
        body: { error: { code: 'ORIGIN_NOT_ALLOWED' } },
      })
    }
    expect(await t.app.db.select().from(authCodes).where(eq(authCodes.email, target))).toEqual([])
    expect(await t.app.db.select().from(authMailLog).where(eq(authMailLog.email, target))).toEqual(
      [],
    )
    await settle('origin')
    expect(mailsTo(target)).toEqual([])
  })
})
