import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authIdentities, authUsers } from '../db/schema/auth.js'
import { createSession } from './sessions.js'
import { APP_ORIGIN, type AuthTestApp, frameCall, openAuthTestAppOn } from './testing.js'

// Recovery swaps the session's token (issue 29 item 10): the attacker copied the token before
// the recovery (the page saw it, a log kept it) and hopes it still works afterwards.
const wallet = {
  evmAddress: '0x2222222222222222222222222222222222222222',
  solanaAddress: '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T',
  authShare: 'QUFBQUFBQUFBQUFBQUFBQUE=',
  recoveryShare: 'UlJSUlJSUlJSUlJSUlJSUlI=',
}
let n = 0

describe.each(['pglite', 'postgres'] as const)('recovery on %s', (kind) => {
  let t: AuthTestApp
  let skip = ''
  beforeAll(async () => {
    const opened = await openAuthTestAppOn(kind)
    if ('unavailable' in opened) skip = opened.unavailable
    else t = opened
  })
  afterAll(async () => {
    await t?.close()
  })

  /** A fresh session of a new account with a stored wallet, as a sign-in leaves it. */
  async function signedIn(social?: { provider: string; subject: string }) {
    const [user] = await t.app.db
      .insert(authUsers)
      .values({ email: social ? null : `recover-${kind}-${++n}@example.com` })
      .returning()
    if (social)
      await t.app.db
        .insert(authIdentities)
        .values({ ...social, userId: user!.id, username: `user-${social.subject}` })
    const { token } = await createSession(
      t.app.db,
      {
        userId: user!.id,
        deviceId: `recover-device-${String(++n).padStart(20, '0')}`,
        projectId: t.projectId,
        pageOrigin: APP_ORIGIN,
        social,
      },
      new Date(),
    )
    expect((await frameCall(t, 'POST', '/auth/v1/wallet', token, wallet)).status).toBe(201)
    return token
  }

  it('database is available', () => {
    expect(skip).toBe('')
  })

  it('answers a new token: the old one gets 401 everywhere, the new one works', async () => {
    const old = await signedIn()
    const recovered = await frameCall(t, 'POST', '/auth/v1/wallet/recover', old, {})
    expect(recovered.status).toBe(200)
    expect(recovered.body).toMatchObject({
      authShare: wallet.authShare,
      recoveryShare: wallet.recoveryShare,
    })
    const { token, expiresAt } = recovered.body as { token: string; expiresAt: string }
    expect(token).toMatch(/^[A-Za-z0-9_-]{20,100}$/)
    expect(token).not.toBe(old)
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now())
    for (const [method, url] of [
      ['GET', '/auth/v1/session'],
      ['GET', '/auth/v1/wallet/auth-share'],
      ['POST', '/auth/v1/wallet/recover'],
    ] as const)
      expect(
        (await frameCall(t, method, url, old, method === 'POST' ? {} : undefined)).status,
      ).toBe(401)
    expect((await frameCall(t, 'GET', '/auth/v1/wallet/auth-share', token)).status).toBe(200)
  })

  it('keeps the social identity of the session it swapped', async () => {
    const old = await signedIn({ provider: 'github', subject: `${kind}-4242` })
    const recovered = await frameCall(t, 'POST', '/auth/v1/wallet/recover', old, {})
    expect(recovered.status).toBe(200)
    const session = await frameCall(t, 'GET', '/auth/v1/session', recovered.body.token)
    expect(session.body).toMatchObject({
      socialProvider: 'github',
      username: `user-${kind}-4242`,
    })
  })
})
