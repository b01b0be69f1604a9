import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authSessions, authUsers } from '../db/schema/auth.js'
import { projects } from '../db/schema/projects.js'
import { createProject, updateProject } from '../provider-services/projects.js'
import { createTestPostgres } from '../testing/postgres.js'
import { sha256 } from './secrets.js'
import { PAGE_ORIGIN_HEADER, PROJECT_HEADER } from './sessions.js'
import { APP_ORIGIN, type AuthTestApp, FRAME_ORIGIN, openAuthTestAppOn } from './testing.js'

// A session is bound to the project and the page origin it was created under. The attacker
// here either runs another project (its own allow-list, its own pages) or controls another page
// on the same project's allow-list, and gets the victim's token into a frame embedded there:
// every session route must refuse it.
const probe = await createTestPostgres()
const kinds: ('pglite' | 'postgres')[] = ['pglite']
if ('unavailable' in probe) console.warn(`Skipping the Postgres suite: ${probe.unavailable}`)
else {
  await probe.drop()
  kinds.push('postgres')
}

const OTHER_PAGE = 'http://localhost:5175'
const refused = { status: 401, body: { error: { code: 'UNAUTHENTICATED' } } }

let t: AuthTestApp
let n = 0

async function call(
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  body?: object,
) {
  const res = await t.app.inject({
    method,
    url,
    headers: { origin: FRAME_ORIGIN, ...headers },
    ...(body ? { payload: body } : {}),
  })
  return { status: res.statusCode, body: res.json() }
}

/** Starts a sign-in for a fresh address on `projectId`; resolves with what verify needs. */
async function startSignIn(projectId: string) {
  const email = `bound-${++n}@example.com`
  const deviceId = `device-${String(n).padStart(20, '0')}`
  // The start itself needs an allowed page (docs/custody.md#sign-in-codes); verify is attacked.
  await call(
    'POST',
    '/auth/v1/email/start',
    { [PAGE_ORIGIN_HEADER]: APP_ORIGIN },
    { projectId, email, deviceId },
  )
  const otp = await t.codeFor(email)
  return { email, body: { projectId, email, deviceId, otp } }
}

async function signIn(projectId: string, pageOrigin: string) {
  const { email, body } = await startSignIn(projectId)
  const verified = await call(
    'POST',
    '/auth/v1/email/verify',
    { [PAGE_ORIGIN_HEADER]: pageOrigin },
    body,
  )
  expect(verified.status).toBe(200)
  return { email, bearer: { authorization: `Bearer ${verified.body.token as string}` } }
}

/** Every session route refuses `headers`, and no change-email code is sent. */
async function expectRefused(headers: Record<string, string>) {
  expect(await call('GET', '/auth/v1/session', headers)).toMatchObject(refused)
  expect(await call('GET', '/auth/v1/wallet/auth-share', headers)).toMatchObject(refused)
  expect(
    await call('POST', '/auth/v1/email/update', headers, { email: 'evil@evil.test' }),
  ).toMatchObject(refused)
  expect(t.mailbox.messages().filter((m) => m.to.includes('evil@evil.test'))).toEqual([])
}

describe.each(kinds)('session binding on %s', (kind) => {
  beforeAll(async () => {
    const opened = await openAuthTestAppOn(kind)
    if ('unavailable' in opened) throw new Error(opened.unavailable)
    t = opened
  })
  afterAll(() => t.close())

  it("refuses a session under another project's id, or with no project named", async () => {
    const { email, bearer } = await signIn(t.projectId, APP_ORIGIN)
    const other = await createProject(t.app.db, {
      name: 'attacker',
      origins: ['http://evil.test', APP_ORIGIN],
    })
    const page = { [PAGE_ORIGIN_HEADER]: APP_ORIGIN }

    const own = await call('GET', '/auth/v1/session', {
      ...bearer,
      ...page,
      [PROJECT_HEADER]: t.projectId,
    })
    expect(own).toMatchObject({ status: 200, body: { email } })
    await expectRefused({ ...bearer, ...page, [PROJECT_HEADER]: other.id })
    await expectRefused({ ...bearer, ...page })
  })

  it('refuses a session made on one page of a project when another page of it presents it', async () => {
    const project = await createProject(t.app.db, {
      name: 'two pages',
      origins: [APP_ORIGIN, OTHER_PAGE],
    })
    const { email, bearer } = await signIn(project.id, APP_ORIGIN)
    const named = { ...bearer, [PROJECT_HEADER]: project.id }

    expect(
      await call('GET', '/auth/v1/session', { ...named, [PAGE_ORIGIN_HEADER]: APP_ORIGIN }),
    ).toMatchObject({ status: 200, body: { email } })
    // Another allowed page, no page at all, and the same origin in a form no browser sends.
    await expectRefused({ ...named, [PAGE_ORIGIN_HEADER]: OTHER_PAGE })
    await expectRefused(named)
    await expectRefused({ ...named, [PAGE_ORIGIN_HEADER]: `${APP_ORIGIN}/` })
    await expectRefused({ ...named, [PAGE_ORIGIN_HEADER]: APP_ORIGIN.toUpperCase() })

    // Taking the origin off the allow-list ends the sessions made on it.
    await updateProject(t.app.db, project.id, { origins: [OTHER_PAGE] })
    await expectRefused({ ...named, [PAGE_ORIGIN_HEADER]: APP_ORIGIN })
  })

  it('opens no session for a page origin the project does not allow, and keeps the code', async () => {
    const { body } = await startSignIn(t.projectId)
    for (const pageOrigin of [OTHER_PAGE, 'http://evil.test', 'null', 'javascript:alert(1)', '']) {
      expect(
        await call('POST', '/auth/v1/email/verify', { [PAGE_ORIGIN_HEADER]: pageOrigin }, body),
      ).toMatchObject({ status: 403, body: { error: { code: 'ORIGIN_NOT_ALLOWED' } } })
    }
    expect(await call('POST', '/auth/v1/email/verify', {}, body)).toMatchObject({
      status: 403,
      body: { error: { code: 'ORIGIN_NOT_ALLOWED' } },
    })
    // The refusals did not spend the code: the allowed page can still use it.
    const verified = await call(
      'POST',
      '/auth/v1/email/verify',
      { [PAGE_ORIGIN_HEADER]: APP_ORIGIN },
      body,
    )
    expect(verified.status).toBe(200)
  })

  it("an old project row holding '*' or a public-suffix wildcard lets no other site in", async () => {
    // Saved before such entries were refused (written directly, as an old row would be).
    const id = `old-star-${kind}`
    await t.app.db.insert(projects).values({
      id,
      name: 'old star',
      allowedOrigins: ['*', 'https://*.github.io', APP_ORIGIN],
    })
    const evil = 'https://evil.example'
    // The frame's own check refuses to serve such a page.
    for (const origin of [evil, 'https://attacker.github.io']) {
      const asked = await t.app.inject({
        method: 'GET',
        url: `/auth/v1/frame/origin?projectId=${id}&origin=${encodeURIComponent(origin)}`,
      })
      expect(asked.json(), origin).toEqual({ allowed: false })
    }
    const exact = await t.app.inject({
      method: 'GET',
      url: `/auth/v1/frame/origin?projectId=${id}&origin=${encodeURIComponent(APP_ORIGIN)}`,
    })
    expect(exact.json()).toEqual({ allowed: true })
    // Sign-in from the attacker's page: refused before any code is used.
    const { body } = await startSignIn(id)
    const verify = await call('POST', '/auth/v1/email/verify', { [PAGE_ORIGIN_HEADER]: evil }, body)
    expect(verify).toMatchObject({ status: 403, body: { error: { code: 'ORIGIN_NOT_ALLOWED' } } })
    // A session the attacker's page got while '*' was still honoured is worth nothing now.
    const [user] = await t.app.db
      .insert(authUsers)
      .values({ email: `old-star-${kind}@example.com` })
      .returning()
    const token = `old-star-session-${kind}-0123456789`
    await t.app.db.insert(authSessions).values({
      tokenHash: sha256(token),
      userId: user!.id,
      deviceHash: sha256('device-old-star'),
      projectId: id,
      pageOrigin: evil,
      expiresAt: new Date(Date.now() + 60 * 60_000),
      lastSeenAt: new Date(),
    })
    await expectRefused({
      authorization: `Bearer ${token}`,
      [PROJECT_HEADER]: id,
      [PAGE_ORIGIN_HEADER]: evil,
    })
    // The exact entry beside it still signs in.
    const verified = await call(
      'POST',
      '/auth/v1/email/verify',
      { [PAGE_ORIGIN_HEADER]: APP_ORIGIN },
      body,
    )
    expect(verified.status).toBe(200)
  })

  it('lets the frame send the project and page origin headers across origins', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/auth/v1/session',
      headers: {
        origin: FRAME_ORIGIN,
        'access-control-request-method': 'GET',
        'access-control-request-headers': `authorization, ${PROJECT_HEADER}, ${PAGE_ORIGIN_HEADER}`,
      },
    })
    expect(preflight.statusCode).toBe(204)
    expect(preflight.headers['access-control-allow-headers']).toContain(PROJECT_HEADER)
    expect(preflight.headers['access-control-allow-headers']).toContain(PAGE_ORIGIN_HEADER)
  })
})
