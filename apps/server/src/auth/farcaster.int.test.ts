import { createWalletClient, viemConnector } from '@farcaster/auth-client'
import { eq } from 'drizzle-orm'
import { keccak256, stringToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../../../scripts/devchain/anvil.js'
import {
  type DevFarcasterAccount,
  devFarcasterAccounts,
  installDevFarcasterRegistry,
} from '../../../../scripts/devchain/farcaster.js'
import { authIdentities, authSessions, authSocialFlows, authUsers } from '../db/schema/auth.js'
import { farcasterFrame } from './farcaster/testing.js'
import { sha256 } from './secrets.js'
import { insertFlow } from './social/store.js'
import { APP_ORIGIN, type AuthTestApp, frameCall, openAuthTestApp } from './testing.js'

// Sign In With Farcaster with this server as the relay, end to end over HTTP: the frame opens a
// channel, a Farcaster wallet client (the real `@farcaster/auth-client`) signs for a dev account
// whose custody the dev chain's ID registry records, and the frame's poll gets the session.
// Then the attacks: another key, a key that signs for an address it does not hold, another
// nonce, domain or page, a replayed answer, and a flow token used elsewhere.
let anvil: AnvilInstance
let t: AuthTestApp
let relay: string
let n = 0
const device = () => `device-${String(++n).padStart(20, '0')}`
const [dev, friend] = devFarcasterAccounts as [DevFarcasterAccount, DevFarcasterAccount]
const attackerKey = keccak256(stringToHex('farcaster attacker'))
const attacker = privateKeyToAccount(attackerKey)

beforeAll(async () => {
  anvil = await startAnvil()
  await installDevFarcasterRegistry(anvil.rpcUrl)
  t = await openAuthTestApp({ LATCH_FARCASTER_RPC_URL: anvil.rpcUrl })
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  relay = `${address}/farcaster`
}, 60_000)
afterAll(async () => {
  await t?.close()
  await anvil?.stop()
})

const openChannel = (deviceId: string) => farcasterFrame(t).openChannel(deviceId)
const poll = (flowToken: string, deviceId: string) => farcasterFrame(t).poll(flowToken, deviceId)
const confirm = (flowToken: string, deviceId: string) =>
  farcasterFrame(t).confirm(flowToken, deviceId)
/** The frame's two steps once the channel is answered: show the account, then confirm it. */
const signIn = async (flowToken: string, deviceId: string) =>
  (await farcasterFrame(t).signIn(flowToken, deviceId)).session

interface Answer {
  signer?: `0x${string}`
  address?: `0x${string}`
  fid?: number
  bodyFid?: number
  nonce?: string
  domain?: string
  uri?: string
}

/** What a Farcaster app does with the link: build the message, sign it, post it to the relay. */
async function answer(url: string, account: DevFarcasterAccount, change: Answer = {}) {
  const wallet = createWalletClient({ relay, ethereum: viemConnector({ rpcUrl: anvil.rpcUrl }) })
  const { channelToken } = wallet.parseSignInURI({ uri: url })
  const params = new URL(url).searchParams
  const custody = privateKeyToAccount(account.custodyKey)
  const built = wallet.buildSignInMessage({
    address: change.address ?? custody.address,
    fid: change.fid ?? account.fid,
    uri: change.uri ?? params.get('siweUri')!,
    domain: change.domain ?? params.get('domain')!,
    nonce: change.nonce ?? params.get('nonce')!,
  })
  if (built.isError) throw built.error
  const signer = change.signer ? privateKeyToAccount(change.signer) : custody
  const signature = await signer.signMessage({ message: built.message })
  const res = await fetch(`${relay}/v1/channel/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${channelToken}` },
    body: JSON.stringify({
      message: built.message,
      signature,
      fid: change.bodyFid ?? account.fid,
      username: account.username,
    }),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

describe('Sign In With Farcaster', () => {
  it('signs a dev account in: pending until its app answers, then a session once', async () => {
    const deviceId = device()
    const { url, flowToken } = await openChannel(deviceId)
    expect(new URL(url).origin + new URL(url).pathname).toBe('https://farcaster.xyz/~/siwf')
    expect(new URL(url).searchParams.get('siweUri')).toBe(APP_ORIGIN)
    expect((await poll(flowToken, deviceId)).status).toBe(202)

    // The wallet client of the real library, posting to this server as its relay.
    const wallet = createWalletClient({ relay, ethereum: viemConnector({ rpcUrl: anvil.rpcUrl }) })
    const { channelToken } = wallet.parseSignInURI({ uri: url })
    const params = new URL(url).searchParams
    const built = wallet.buildSignInMessage({
      address: dev.custody,
      fid: dev.fid,
      uri: params.get('siweUri')!,
      domain: params.get('domain')!,
      nonce: params.get('nonce')!,
    })
    if (built.isError) throw built.error
    const signature = await privateKeyToAccount(dev.custodyKey).signMessage({
      message: built.message,
    })
    const answered = await wallet.authenticate({
      channelToken,
      authKey: '',
      message: built.message,
      signature,
      fid: dev.fid,
      username: dev.username,
    })
    expect(answered.isError, String(answered.error)).toBe(false)
    expect(answered.data).toMatchObject({
      state: 'completed',
      fid: dev.fid,
      username: dev.username,
    })

    // The answer is shown to the visitor first: fid, custody address, the client's claimed name
    // (unverified). Nothing exists yet: no account, no identity, no session.
    const shown = await poll(flowToken, deviceId)
    expect(shown.status, JSON.stringify(shown.body)).toBe(200)
    expect(shown.body).toEqual({
      state: 'answered',
      fid: dev.fid,
      custodyAddress: expect.stringMatching(new RegExp(`^${dev.custody}$`, 'i')),
      username: dev.username,
      usernameVerified: false,
    })
    expect(await t.app.db.select().from(authIdentities)).toEqual([])
    expect(await t.app.db.select().from(authSessions)).toEqual([])
    expect((await poll(flowToken, deviceId)).body).toMatchObject({ state: 'answered' })

    const done = await confirm(flowToken, deviceId)
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    const session = done.body as { token: string; user: object }
    expect(session.user).toMatchObject({ socialProvider: 'farcaster', username: 'latch-dev' })
    const me = await frameCall(t, 'GET', '/auth/v1/session', session.token)
    expect(JSON.stringify(me.body)).toContain('"socialProvider":"farcaster"')
    expect(JSON.stringify(me.body)).toContain('"username":"latch-dev"')
    // Spent: a second poll or confirm gets nothing.
    expect((await poll(flowToken, deviceId)).status).toBe(400)
    expect((await confirm(flowToken, deviceId)).status).toBe(400)

    // The same fid is the same account; another fid another.
    const again = await openChannel(deviceId)
    expect((await answer(again.url, dev)).status).toBe(201)
    expect((await signIn(again.flowToken, deviceId)).status).toBe(200)
    const other = await openChannel(deviceId)
    expect((await answer(other.url, friend)).status).toBe(201)
    const third = (await signIn(other.flowToken, deviceId)).body as {
      user: { id: string; username: string }
    }
    expect(third.user.username).toBe('latch-friend')
    const identities = await t.app.db
      .select()
      .from(authIdentities)
      .where(eq(authIdentities.provider, 'farcaster'))
    const userOf = (fid: number) => identities.filter((row) => row.subject === String(fid))
    expect(userOf(dev.fid)).toHaveLength(1)
    expect(userOf(friend.fid)).toHaveLength(1)
    expect(userOf(friend.fid)[0]!.userId).not.toBe(userOf(dev.fid)[0]!.userId)
    const sessions = await t.app.db
      .select({ userId: authSessions.userId })
      .from(authSessions)
      .where(eq(authSessions.socialSubject, String(dev.fid)))
    expect(new Set(sessions.map((row) => row.userId))).toEqual(
      new Set([userOf(dev.fid)[0]!.userId]),
    )
  })

  it("refuses a key that is not the fid's custody, and the channel keeps waiting for the right one", async () => {
    const deviceId = device()
    const { url, flowToken } = await openChannel(deviceId)
    // The attacker signs honestly with its own key but claims the dev account's fid.
    const own = await answer(url, dev, {
      signer: attackerKey,
      address: attacker.address,
    })
    expect(own).toMatchObject({ status: 401, body: { error: { code: 'NOT_CUSTODY' } } })
    // The attacker names the custody address but cannot sign for it.
    const forged = await answer(url, dev, { signer: attackerKey })
    expect(forged).toMatchObject({ status: 401, body: { error: { code: 'BAD_SIGNATURE' } } })
    // A custody key signing for a fid that is not its own.
    const borrowed = await answer(url, friend, { fid: dev.fid, bodyFid: dev.fid })
    expect(borrowed).toMatchObject({ status: 401, body: { error: { code: 'NOT_CUSTODY' } } })
    expect((await poll(flowToken, deviceId)).status).toBe(202)
    expect((await answer(url, dev)).status).toBe(201)
    expect((await signIn(flowToken, deviceId)).status).toBe(200)
  })

  it('refuses a message for another nonce, domain, page or fid, and a replayed answer', async () => {
    const deviceId = device()
    const { url, flowToken } = await openChannel(deviceId)
    for (const change of [
      { nonce: 'someothernonce123' },
      { domain: 'evil.example' },
      { uri: 'https://evil.example' },
      { bodyFid: friend.fid },
    ] satisfies Answer[]) {
      const res = await answer(url, dev, change)
      expect(res.status, JSON.stringify(change)).toBe(401)
      expect(res.body.error, JSON.stringify(change)).toMatchObject({ code: 'INVALID_MESSAGE' })
    }
    expect((await answer(url, dev)).status).toBe(201)
    // The same (valid) answer again finds no channel.
    expect(await answer(url, dev)).toMatchObject({
      status: 401,
      body: { error: { code: 'CHANNEL_INVALID' } },
    })
    // A made-up channel token.
    const forged = new URL(url)
    forged.searchParams.set('channelToken', 'x'.repeat(43))
    expect((await answer(forged.toString(), dev)).status).toBe(401)
    expect((await signIn(flowToken, deviceId)).status).toBe(200)
  })

  it('hands the session only to the frame that opened the channel: same device, page and project', async () => {
    const deviceId = device()
    const { url, flowToken } = await openChannel(deviceId)
    expect((await answer(url, dev)).status).toBe(201)
    expect((await poll(flowToken, device())).status).toBe(400)
    expect((await confirm(flowToken, device())).status).toBe(400)
    const otherPage = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/farcaster/finish',
      headers: { origin: 'http://127.0.0.1:5174', 'latch-page-origin': 'https://evil.example' },
      payload: { projectId: t.projectId, deviceId, flowToken, confirm: true },
    })
    expect(otherPage.statusCode).toBe(400)
    expect((await poll('y'.repeat(43), deviceId)).status).toBe(400)
    expect((await signIn(flowToken, deviceId)).status).toBe(200)
  })

  it('answers 502 and keeps the channel when the ID registry cannot be read', async () => {
    const down = await openAuthTestApp({ LATCH_FARCASTER_RPC_URL: 'http://127.0.0.1:9' })
    const channelDevice = device()
    try {
      const base = await down.app.listen({ port: 0, host: '127.0.0.1' })
      const res = await farcasterFrame(down).channel(channelDevice)
      const { url, flowToken } = res.body as { url: string; flowToken: string }
      const saved = relay
      relay = `${base}/farcaster`
      try {
        const answered = await answer(url, dev)
        expect(answered).toMatchObject({
          status: 502,
          body: { error: { code: 'REGISTRY_UNREACHABLE' } },
        })
        const waiting = await farcasterFrame(down).poll(flowToken, channelDevice)
        expect(waiting.status).toBe(202)
      } finally {
        relay = saved
      }
    } finally {
      await down.close()
    }
  })

  it('is not offered without an Optimism RPC', async () => {
    const off = await openAuthTestApp()
    try {
      const res = await farcasterFrame(off).channel(device())
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ error: { code: 'PROVIDER_NOT_ENABLED' } })
    } finally {
      await off.close()
    }
  })
})

// The attacker saw the QR code (over the visitor's shoulder, on a shared screen, in a screenshot)
// and answers the channel first with an account of their own; or presents the channel token
// where an OAuth `state` goes; or holds the flow token's channel but not the visitor's device.
describe('Farcaster attacks', () => {
  const counts = async () => ({
    users: (await t.app.db.select().from(authUsers)).length,
    identities: (await t.app.db.select().from(authIdentities)).length,
    sessions: (await t.app.db.select().from(authSessions)).length,
  })
  const invalid = { status: 400, body: { error: { code: 'SOCIAL_SIGN_IN_INVALID' } } }

  it("a stranger's answer shows the stranger's fid; the visitor cancels and nothing exists", async () => {
    const stranger = friend
    const deviceId = device()
    const { url, flowToken } = await openChannel(deviceId)
    const before = await counts()
    expect((await answer(url, stranger)).status).toBe(201)
    // Even a confirm on the first poll that sees the answer only shows it: the visitor had no
    // chance to look at it yet.
    const seen = await confirm(flowToken, deviceId)
    expect(seen).toMatchObject({ status: 200, body: { state: 'answered', fid: stranger.fid } })
    expect(await counts()).toEqual(before)
    // The visitor does not recognise the account and cancels.
    expect(await farcasterFrame(t).cancel(flowToken, deviceId)).toMatchObject({
      status: 200,
      body: { state: 'cancelled' },
    })
    expect(await confirm(flowToken, deviceId)).toMatchObject(invalid)
    expect(await poll(flowToken, deviceId)).toMatchObject(invalid)
    expect(await farcasterFrame(t).cancel(flowToken, deviceId)).toMatchObject(invalid)
    // The visitor's own answer comes too late for this channel: it is spent.
    expect(await answer(url, dev)).toMatchObject({
      status: 401,
      body: { error: { code: 'CHANNEL_INVALID' } },
    })
    expect(await counts()).toEqual(before)
    const sessions = await t.app.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.deviceHash, sha256(deviceId)))
    expect(sessions).toEqual([])
  })

  it('a channel cancelled before any answer takes none', async () => {
    const deviceId = device()
    const { url, flowToken } = await openChannel(deviceId)
    expect((await farcasterFrame(t).cancel(flowToken, deviceId)).status).toBe(200)
    expect((await answer(url, dev)).status).toBe(401)
    expect(await poll(flowToken, deviceId)).toMatchObject(invalid)
  })

  it("only the visitor's device confirms or cancels", async () => {
    const deviceId = device()
    const { url, flowToken } = await openChannel(deviceId)
    expect((await answer(url, dev)).status).toBe(201)
    expect((await poll(flowToken, deviceId)).body).toMatchObject({ state: 'answered' })
    const before = await counts()
    const thief = device()
    expect(await confirm(flowToken, thief)).toMatchObject(invalid)
    expect(await farcasterFrame(t).cancel(flowToken, thief)).toMatchObject(invalid)
    expect(await counts()).toEqual(before)
    expect((await confirm(flowToken, deviceId)).status).toBe(200)
  })

  it('the channel token at the OAuth callback is refused (no 500) and the real answer still signs in', async () => {
    const deviceId = device()
    const { url, flowToken } = await openChannel(deviceId)
    const channelToken = new URL(url).searchParams.get('channelToken')!
    const asState = await t.app.inject({
      method: 'GET',
      url: `/auth/v1/social/callback?state=${channelToken}&code=anything`,
    })
    expect(asState.statusCode).toBe(400)
    expect(asState.body).toContain('This sign-in link is not valid')
    const posted = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/social/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `state=${channelToken}&error=access_denied`,
    })
    expect(posted.statusCode).toBe(400)
    expect(posted.body).not.toContain('data-origin')
    const [flow] = await t.app.db
      .select()
      .from(authSocialFlows)
      .where(eq(authSocialFlows.stateHash, sha256(channelToken)))
    expect(flow?.status).toBe('pending')
    expect((await answer(url, dev)).status).toBe(201)
    expect((await signIn(flowToken, deviceId)).status).toBe(200)
  })

  it('an OAuth flow is worth nothing at the Farcaster routes', async () => {
    const deviceId = device()
    const state = 'S'.repeat(43)
    const flowToken = 'F'.repeat(43)
    await insertFlow(t.app.db, {
      stateHash: sha256(state),
      flowTokenHash: sha256(flowToken),
      provider: 'google',
      projectId: t.projectId,
      pageOrigin: APP_ORIGIN,
      frameOrigin: 'http://127.0.0.1:5174',
      deviceHash: sha256(deviceId),
      codeVerifier: 'v',
      nonce: 'n',
      expiresAt: new Date(Date.now() + 60_000),
    })
    expect(await poll(flowToken, deviceId)).toMatchObject(invalid)
    expect(await confirm(flowToken, deviceId)).toMatchObject(invalid)
    expect(await farcasterFrame(t).cancel(flowToken, deviceId)).toMatchObject(invalid)
    const res = await fetch(`${relay}/v1/channel/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${state}` },
      body: JSON.stringify({ message: 'x', signature: `0x${'11'.repeat(65)}`, fid: dev.fid }),
    })
    expect(res.status).toBe(401)
    const [flow] = await t.app.db
      .select()
      .from(authSocialFlows)
      .where(eq(authSocialFlows.stateHash, sha256(state)))
    expect(flow?.status).toBe('pending')
  })
})
