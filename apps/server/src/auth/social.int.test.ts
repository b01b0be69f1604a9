import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type DevIdentityProvider,
  SOCIAL_PROVIDER_IDS,
  startDevIdentityProvider,
} from '../../../../scripts/idp/index.js'
import { type ProviderAnswer, visitProvider } from '../../../../scripts/idp/visitor.js'
import { authIdentities, authSocialFlows, authUsers } from '../db/schema/auth.js'
import { projects } from '../db/schema/projects.js'
import { sha256 } from './secrets.js'
import { insertFlow } from './social/store.js'
import {
  APP_ORIGIN,
  type AuthTestApp,
  devSocialEnv,
  FRAME_ORIGIN,
  frameCall,
  openAuthTestApp,
} from './testing.js'

// The whole social sign-in against the dev identity provider (a real OpenID provider over
// HTTP): start → the provider's login and consent pages → the callback → finish. Then the
// attacks: a forged state, a replayed answer, a replayed code, a result code without its flow
// token (or on another device or page), and an unverified email that tries to take over an
// email account.
const PUBLIC_URL = 'http://127.0.0.1:8799'
let idp: DevIdentityProvider
let t: AuthTestApp
let n = 0
const device = () => `device-${String(++n).padStart(20, '0')}`

beforeAll(async () => {
  idp = await startDevIdentityProvider({ redirectUris: [`${PUBLIC_URL}/auth/v1/social/callback`] })
  t = await openAuthTestApp(devSocialEnv(idp, SOCIAL_PROVIDER_IDS, PUBLIC_URL))
}, 60_000)
afterAll(async () => {
  await t?.close()
  await idp?.stop()
})

async function start(provider: string, deviceId: string) {
  const res = await frameCall(t, 'POST', '/auth/v1/social/start', undefined, {
    projectId: t.projectId,
    provider,
    deviceId,
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body as { uri: string; flowToken: string }
}

/** The callback as the popup reaches it; what its page hands to the opener. */
async function callback(answer: ProviderAnswer) {
  const url = new URL(answer.url)
  const res = await t.app.inject(
    answer.method === 'GET'
      ? { method: 'GET', url: `${url.pathname}${url.search}` }
      : {
          method: 'POST',
          url: url.pathname,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(answer.form).toString(),
        },
  )
  const raw = /data-message="([^"]+)"/.exec(res.body)?.[1]
  const message = raw
    ? (JSON.parse(raw.replace(/&#(\d+);/g, (_m, c) => String.fromCharCode(Number(c)))) as {
        result?: string
        error?: string
      })
    : undefined
  const origin = /data-origin="([^"]+)"/.exec(res.body)?.[1]
  return { status: res.statusCode, body: res.body, message, origin }
}

async function finish(flowToken: string, result: string, deviceId: string) {
  return frameCall(t, 'POST', '/auth/v1/social/finish', undefined, {
    projectId: t.projectId,
    deviceId,
    flowToken,
    result,
  })
}

async function signIn(provider: string, login: string, jar = new Map<string, string>()) {
  const deviceId = device()
  const { uri, flowToken } = await start(provider, deviceId)
  const answer = await visitProvider(uri, login, { jar })
  // Apple answers with a form post, as it does when names or emails are asked for.
  expect(answer.method).toBe(provider === 'apple' ? 'POST' : 'GET')
  const page = await callback(answer)
  expect(page.status, page.body).toBe(200)
  // Only the secure frame, which opened the popup, is handed the result; never the page.
  expect(page.origin).toBe(FRAME_ORIGIN)
  const res = await finish(flowToken, page.message!.result!, deviceId)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body as {
    token: string
    user: { email: string | null; socialProvider: string; username: string | null }
  }
}

async function userIdOf(provider: string, username: string) {
  const rows = await t.app.db
    .select()
    .from(authIdentities)
    .where(eq(authIdentities.provider, provider))
  return rows.find((row) => row.username === username)?.userId
}

describe.each(SOCIAL_PROVIDER_IDS)('sign-in with %s', (provider) => {
  it('signs a user in; the same user again is the same account, another user another', async () => {
    const jar = new Map<string, string>()
    const first = await signIn(provider, `ann${provider}`, jar)
    expect(first.user.socialProvider).toBe(provider)
    // X gives no email; Facebook's has no verified flag, so it is not taken; Discord, GitHub,
    // Google and Apple give a verified one.
    const unverified = provider === 'x' || provider === 'facebook'
    expect(first.user.email).toBe(unverified ? null : `ann${provider}@latch.test`)
    const username = first.user.username!
    expect(username).toMatch(new RegExp(`ann${provider}`, 'i'))
    if (provider === 'discord') expect(username).toBe('anndiscord#0')
    // The provider remembers the visitor (its session cookie): no login page the second time.
    const again = await signIn(provider, 'ignored-second-time', jar)
    expect(again.user.username).toBe(username)
    expect(await userIdOf(provider, username)).toBeDefined()
    const other = await signIn(provider, `ben${provider}`)
    const otherId = await userIdOf(provider, other.user.username!)
    expect(otherId).toBeDefined()
    expect(otherId).not.toBe(await userIdOf(provider, username))
    // The session names its provider and user name after a reload (GET /auth/v1/session).
    const session = await frameCall(t, 'GET', '/auth/v1/session', first.token)
    expect(session.body).toMatchObject({ socialProvider: provider, username })
    expect(JSON.stringify(first)).not.toMatch(/access_token|id_token|refresh_token/)
  })
})

describe('refusals', () => {
  it('a declined consent ends with its message, and finish refuses the flow', async () => {
    const deviceId = device()
    const { uri, flowToken } = await start('google', deviceId)
    const page = await callback(await visitProvider(uri, 'cara', { consent: 'decline' }))
    expect(page.status).toBe(400)
    expect(page.origin).toBe(FRAME_ORIGIN)
    expect(page.message).toEqual({
      type: 'latch:social',
      error: 'Sign-in with Google was declined',
    })
    const res = await finish(flowToken, 'x'.repeat(43), deviceId)
    expect(res).toMatchObject({ status: 400, body: { error: { code: 'SOCIAL_SIGN_IN_FAILED' } } })
  })

  it('a forged state is refused, and so is the same answer replayed', async () => {
    const forged = await t.app.inject({
      method: 'GET',
      url: `/auth/v1/social/callback?state=${'A'.repeat(43)}&code=anything`,
    })
    expect(forged.statusCode).toBe(400)
    expect(forged.body).toContain('This sign-in link is not valid')
    const deviceId = device()
    const { uri } = await start('github', deviceId)
    const answer = await visitProvider(uri, 'dora')
    expect((await callback(answer)).status).toBe(200)
    const replay = await callback(answer)
    expect(replay.status).toBe(400)
    expect(replay.message).toBeUndefined()
  })

  it("a provider's code replayed into a fresh flow is refused by the exchange", async () => {
    const { uri } = await start('google', device())
    const used = await visitProvider(uri, 'erin')
    expect((await callback(used)).status).toBe(200)
    const fresh = await start('google', device())
    const code = new URL(used.url).searchParams.get('code')!
    const state = new URL(fresh.uri).searchParams.get('state')!
    const res = await t.app.inject({
      method: 'GET',
      url: `/auth/v1/social/callback?code=${code}&state=${state}&iss=${encodeURIComponent(idp.issuer('google'))}`,
    })
    expect(res.statusCode).toBe(400)
    expect(res.body).toContain('Google could not confirm this sign-in')
  })

  it('a result code is worthless without its flow token, on another device, twice', async () => {
    const deviceId = device()
    const { uri, flowToken } = await start('discord', deviceId)
    const page = await callback(await visitProvider(uri, 'finn'))
    const result = page.message!.result!
    // An attacker who started a flow of their own holds a flow token, but not this result.
    const theirs = await start('discord', device())
    const invalid = { status: 400, body: { error: { code: 'SOCIAL_SIGN_IN_INVALID' } } }
    expect(await finish(theirs.flowToken, result, deviceId)).toMatchObject(invalid)
    expect(await finish(flowToken, result, device())).toMatchObject(invalid)
    expect(await finish(flowToken, 'B'.repeat(43), deviceId)).toMatchObject(invalid)
    // From a page of another origin the flow is not found either.
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/social/finish',
      headers: { 'latch-project-id': t.projectId, 'latch-page-origin': 'http://evil.localhost' },
      payload: { projectId: t.projectId, deviceId, flowToken, result },
    })
    expect(foreign.statusCode).toBe(400)
    expect((await finish(flowToken, result, deviceId)).status).toBe(200)
    expect(await finish(flowToken, result, deviceId)).toMatchObject(invalid)
  })

  it('racing callbacks and racing finishes: exactly one of each wins', async () => {
    const deviceId = device()
    const { uri, flowToken } = await start('github', deviceId)
    const answer = await visitProvider(uri, 'gabe')
    const pages = await Promise.all([callback(answer), callback(answer), callback(answer)])
    expect(pages.map((p) => p.status).sort()).toEqual([200, 400, 400])
    // The losers never reached the provider: the flow was claimed once, not exchanged thrice.
    for (const page of pages.filter((p) => p.status === 400))
      expect(page.body).toContain('This sign-in link is not valid')
    const result = pages.find((p) => p.status === 200)!.message!.result!
    const finishes = await Promise.all([
      finish(flowToken, result, deviceId),
      finish(flowToken, result, deviceId),
      finish(flowToken, result, deviceId),
    ])
    expect(finishes.map((f) => f.status).sort()).toEqual([200, 400, 400])
  })

  it('a page whose origin the project does not allow cannot start a flow', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/social/start',
      remoteAddress: '127.0.0.8',
      headers: {
        origin: FRAME_ORIGIN,
        'latch-project-id': t.projectId,
        'latch-page-origin': 'http://evil.localhost',
      },
      payload: { projectId: t.projectId, provider: 'google', deviceId: device() },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ error: { code: 'ORIGIN_NOT_ALLOWED' } })
  })

  it('a flow starts only from the secure frame: the page (or any other origin) cannot start one', async () => {
    for (const origin of [APP_ORIGIN, 'https://evil.example', undefined]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/social/start',
        // Its own client address, so these refusals spend none of the other tests' budget.
        remoteAddress: '127.0.0.8',
        headers: {
          ...(origin ? { origin } : {}),
          'latch-project-id': t.projectId,
          'latch-page-origin': APP_ORIGIN,
        },
        payload: { projectId: t.projectId, provider: 'google', deviceId: device() },
      })
      expect(res.statusCode, origin).toBe(403)
      expect(res.json(), origin).toMatchObject({ error: { code: 'FRAME_ORIGIN_REQUIRED' } })
    }
  })

  it('a Farcaster channel token presented as `state` finds nothing, and its flow stays untouched', async () => {
    const channelToken = 'C'.repeat(43)
    await insertFlow(t.app.db, {
      stateHash: sha256(channelToken),
      flowTokenHash: sha256('D'.repeat(43)),
      provider: 'farcaster',
      projectId: t.projectId,
      pageOrigin: APP_ORIGIN,
      deviceHash: sha256(device()),
      codeVerifier: '',
      nonce: 'abcdefgh12345678',
      expiresAt: new Date(Date.now() + 60_000),
    })
    const res = await t.app.inject({
      method: 'GET',
      url: `/auth/v1/social/callback?state=${channelToken}&code=anything`,
    })
    expect(res.statusCode).toBe(400)
    expect(res.body).toContain('This sign-in link is not valid')
    const [flow] = await t.app.db
      .select()
      .from(authSocialFlows)
      .where(eq(authSocialFlows.stateHash, sha256(channelToken)))
    expect(flow?.status).toBe('pending')
  })

  it('an unconfigured or unknown provider is refused at start', async () => {
    const res = await frameCall(t, 'POST', '/auth/v1/social/start', undefined, {
      projectId: t.projectId,
      provider: 'myspace',
      deviceId: device(),
    })
    expect(res.status).toBe(400)
  })
})

describe('accounts', () => {
  it('a verified email joins the email account; an unverified one never does', async () => {
    // An email account exists for gwen@latch.test.
    const deviceId = device()
    await frameCall(t, 'POST', '/auth/v1/email/start', undefined, {
      projectId: t.projectId,
      email: 'gwen@latch.test',
      deviceId,
    })
    const otp = await t.codeFor('gwen@latch.test')
    const verified = await frameCall(t, 'POST', '/auth/v1/email/verify', undefined, {
      projectId: t.projectId,
      email: 'gwen@latch.test',
      deviceId,
      otp,
    })
    expect(verified.status).toBe(200)
    const [emailUser] = await t.app.db
      .select()
      .from(authUsers)
      .where(eq(authUsers.email, 'gwen@latch.test'))
    const google = await signIn('google', 'gwen')
    expect(google.user.email).toBe('gwen@latch.test')
    expect(await userIdOf('google', 'gwen@latch.test')).toBe(emailUser!.id)

    // The dev provider does not verify the emails of logins starting with "unverified".
    const victim = 'unverifiedhal@latch.test'
    await t.app.db.insert(authUsers).values({ email: victim })
    const attacker = await signIn('github', 'unverifiedhal')
    expect(attacker.user.email).toBeNull()
    const [victimRow] = await t.app.db.select().from(authUsers).where(eq(authUsers.email, victim))
    expect(await userIdOf('github', 'unverifiedhal')).not.toBe(victimRow!.id)
  })
})

// A project saved before `*` was refused (an old row, written directly): `*` no longer lets any
// site be the page, and the callback still hands its result to the frame only.
describe("an old project row holding '*'", () => {
  const startAs = (projectId: string, pageOrigin: string, deviceId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/v1/social/start',
      // Its own client address: this file's other starts spent the per-address minute budget.
      remoteAddress: '127.0.0.9',
      headers: {
        origin: FRAME_ORIGIN,
        'latch-project-id': projectId,
        'latch-page-origin': pageOrigin,
      },
      payload: { projectId, provider: 'github', deviceId },
    })

  it("refuses https://evil.example, and posts an allowed page's result to the frame only", async () => {
    const features = { socials: ['github'] }
    await t.app.db.insert(projects).values([
      { id: 'star-only', name: 'star', allowedOrigins: ['*'], features },
      { id: 'star-and-app', name: 'star+app', allowedOrigins: ['*', APP_ORIGIN], features },
    ])
    for (const id of ['star-only', 'star-and-app']) {
      const evil = await startAs(id, 'https://evil.example', device())
      expect(evil.statusCode, id).toBe(403)
      expect(evil.json(), id).toMatchObject({ error: { code: 'ORIGIN_NOT_ALLOWED' } })
    }
    const deviceId = device()
    const started = await startAs('star-and-app', APP_ORIGIN, deviceId)
    expect(started.statusCode, started.body).toBe(200)
    const page = await callback(await visitProvider(started.json().uri, 'ivy'))
    expect(page.status, page.body).toBe(200)
    expect(page.origin).toBe(FRAME_ORIGIN)
    expect(page.body).not.toContain('evil.example')
    expect(page.body).not.toContain(`data-origin="${APP_ORIGIN}"`)
  })
})
