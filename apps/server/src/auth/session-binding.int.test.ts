import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createProject } from '../provider/projects.js'
import { PROJECT_HEADER } from './sessions.js'
import { type AuthTestApp, FRAME_ORIGIN, openAuthTestApp } from './testing.js'

// A session is bound to the project it was created under. The attacker here runs another
// project (its own allow-list, its own pages) and gets the victim's token into a frame started
// for that project: every session route must refuse it.
let t: AuthTestApp

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

beforeAll(async () => {
  t = await openAuthTestApp()
})
afterAll(() => t.close())

describe('session binding', () => {
  it("refuses a session under another project's id, or with no project named", async () => {
    const email = 'bound@example.com'
    const deviceId = `device-${'7'.repeat(20)}`
    await call('POST', '/auth/v1/email/start', {}, { projectId: t.projectId, email, deviceId })
    const otp = await t.codeFor(email)
    const verified = await call(
      'POST',
      '/auth/v1/email/verify',
      {},
      { projectId: t.projectId, email, deviceId, otp },
    )
    const bearer = { authorization: `Bearer ${verified.body.token as string}` }
    const other = await createProject(t.app.db, {
      name: 'attacker',
      origins: ['http://evil.test'],
    })

    const own = await call('GET', '/auth/v1/session', { ...bearer, [PROJECT_HEADER]: t.projectId })
    expect(own).toMatchObject({ status: 200, body: { email } })
    for (const headers of [{ ...bearer, [PROJECT_HEADER]: other.id }, bearer]) {
      expect(await call('GET', '/auth/v1/session', headers)).toMatchObject({
        status: 401,
        body: { error: { code: 'UNAUTHENTICATED' } },
      })
      expect((await call('GET', '/auth/v1/wallet/auth-share', headers)).status).toBe(401)
      expect(
        (await call('POST', '/auth/v1/email/update', headers, { email: 'evil@evil.test' })).status,
      ).toBe(401)
    }
    // No code went anywhere for the refused change.
    expect(t.mailbox.messages().filter((m) => m.to.includes('evil@evil.test'))).toEqual([])
  })

  it('lets the frame send the project header across origins', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/auth/v1/session',
      headers: {
        origin: FRAME_ORIGIN,
        'access-control-request-method': 'GET',
        'access-control-request-headers': `authorization, ${PROJECT_HEADER}`,
      },
    })
    expect(preflight.statusCode).toBe(204)
    expect(preflight.headers['access-control-allow-headers']).toContain(PROJECT_HEADER)
  })
})
