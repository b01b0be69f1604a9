import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  authCodes,
  authDevices,
  authEmailLocks,
  authMailLog,
  authSocialFlows,
  authUsers,
} from '../db/schema/auth.js'
import { sha256 } from './secrets.js'
import { sweepAuth } from './sweep.js'
import { type AuthTestApp, openAuthTestAppOn } from './testing.js'

// The sweep (issue 29 item 10): what can no longer be used is deleted, what still can (or still
// counts towards a limit) is kept, on both databases; and the server runs it on its own.
const MIN = 60_000

describe.each(['pglite', 'postgres'] as const)('auth sweep on %s', (kind) => {
  let t: AuthTestApp
  let skip = ''
  beforeAll(async () => {
    // Every second, so the scheduled run is seen within the test.
    const opened = await openAuthTestAppOn(kind, { LATCH_AUTH_SWEEP_SECONDS: '1' })
    if ('unavailable' in opened) skip = opened.unavailable
    else t = opened
  })
  afterAll(async () => {
    await t?.close()
  })

  const at = (now: Date, ms: number) => new Date(now.getTime() + ms)

  async function seed(now: Date, tag: string) {
    const [user] = await t.app.db
      .insert(authUsers)
      .values({ email: `sweep-${tag}@example.com` })
      .returning()
    const code = (name: string, createdAgo: number, consumed: boolean) => ({
      email: `${name}-${tag}@example.com`,
      purpose: 'login',
      codeHash: `hash-${name}-${tag}`,
      expiresAt: at(now, -createdAgo + 10 * MIN),
      createdAt: at(now, -createdAgo),
      consumedAt: consumed ? at(now, -createdAgo + MIN) : null,
    })
    await t.app.db.insert(authCodes).values([
      code('old-expired', 2 * 60 * MIN, false),
      code('old-consumed', 2 * 60 * MIN, true),
      code('live', MIN, false),
      // Dead, but its wrong guesses still count towards the hour's budget.
      code('recent-consumed', 20 * MIN, true),
    ])
    const flow = (name: string, expiresIn: number) => ({
      stateHash: `state-${name}-${tag}`,
      flowTokenHash: `flow-${name}-${tag}`,
      provider: 'github',
      projectId: 'p',
      pageOrigin: 'http://localhost:5173',
      deviceHash: 'd',
      codeVerifier: 'v',
      nonce: 'n',
      expiresAt: at(now, expiresIn),
    })
    await t.app.db.insert(authSocialFlows).values([flow('expired', -MIN), flow('live', 5 * MIN)])
    const link = (name: string, sentAgo: number, approved: boolean) => ({
      userId: user!.id,
      deviceHash: sha256(`${name}-${tag}`),
      approvalTokenHash: sha256(`token-${name}-${tag}`),
      approvalSentAt: at(now, -sentAgo),
      approvedAt: approved ? at(now, -sentAgo) : null,
    })
    await t.app.db
      .insert(authDevices)
      .values([
        link('stale', 11 * MIN, false),
        link('fresh', 2 * MIN, false),
        link('approved-stale', 11 * MIN, true),
      ])
    await t.app.db.insert(authMailLog).values([
      {
        email: `old-${tag}@example.com`,
        projectId: 'p',
        pageOrigin: 'o',
        createdAt: at(now, -25 * 60 * MIN),
      },
      {
        email: `day-${tag}@example.com`,
        projectId: 'p',
        pageOrigin: 'o',
        createdAt: at(now, -23 * 60 * MIN),
      },
    ])
    await t.app.db.insert(authEmailLocks).values([
      {
        email: `unlocked-${tag}@example.com`,
        lockedAt: at(now, -50 * 60 * MIN),
        lockedUntil: at(now, -49 * 60 * MIN),
      },
      {
        email: `locked-${tag}@example.com`,
        lockedAt: at(now, -MIN),
        lockedUntil: at(now, 59 * MIN),
      },
    ])
    return user!.id
  }

  async function remaining(tag: string, userId: string) {
    const codes = (await t.app.db.select().from(authCodes))
      .map((row) => row.email)
      .filter((email) => email.endsWith(`-${tag}@example.com`))
      .sort()
    const flows = (await t.app.db.select().from(authSocialFlows))
      .map((row) => row.stateHash)
      .filter((hash) => hash.endsWith(`-${tag}`))
      .sort()
    const devices = await t.app.db.select().from(authDevices).where(eq(authDevices.userId, userId))
    const logs = (await t.app.db.select().from(authMailLog))
      .map((row) => row.email)
      .filter((email) => email.endsWith(`-${tag}@example.com`))
    const locks = (await t.app.db.select().from(authEmailLocks))
      .map((row) => row.email)
      .filter((email) => email.endsWith(`-${tag}@example.com`))
    return { codes, flows, devices, logs, locks }
  }

  function expectSwept(left: Awaited<ReturnType<typeof remaining>>, tag: string) {
    expect(left.codes).toEqual([`live-${tag}@example.com`, `recent-consumed-${tag}@example.com`])
    expect(left.flows).toEqual([`state-live-${tag}`])
    const byHash = new Map(left.devices.map((row) => [row.deviceHash, row]))
    expect(byHash.has(sha256(`stale-${tag}`))).toBe(false)
    expect(byHash.get(sha256(`fresh-${tag}`))?.approvalTokenHash).toBe(sha256(`token-fresh-${tag}`))
    const approved = byHash.get(sha256(`approved-stale-${tag}`))
    expect(approved?.approvedAt).not.toBeNull()
    expect(approved?.approvalTokenHash).toBeNull()
    expect(left.logs).toEqual([`day-${tag}@example.com`])
    expect(left.locks).toEqual([`locked-${tag}@example.com`])
  }

  it('database is available', () => {
    expect(skip).toBe('')
  })

  it('deletes expired codes, flows, links, mail-log rows and locks, and keeps the live ones', async () => {
    // Two days ahead: to the scheduled sweep (on the real clock) every one of these rows is
    // live, so only this call can delete them.
    const now = new Date(Date.now() + 2 * 24 * 60 * MIN)
    const userId = await seed(now, `direct-${kind}`)
    const counts = await sweepAuth(t.app.db, now)
    expect(counts.codes).toBeGreaterThanOrEqual(2)
    expect(counts.flows).toBeGreaterThanOrEqual(1)
    expect(counts.approvals).toBeGreaterThanOrEqual(2)
    expectSwept(await remaining(`direct-${kind}`, userId), `direct-${kind}`)
    // A second sweep finds nothing more of these.
    await sweepAuth(t.app.db, now)
    expectSwept(await remaining(`direct-${kind}`, userId), `direct-${kind}`)
  })

  it('runs on its own schedule (LATCH_AUTH_SWEEP_SECONDS)', async () => {
    const tag = `timer-${kind}`
    const userId = await seed(new Date(), tag)
    const deadline = Date.now() + 10_000
    let left = await remaining(tag, userId)
    while (left.flows.length > 1 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200))
      left = await remaining(tag, userId)
    }
    expectSwept(left, tag)
  })
})
