import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../../../scripts/devchain/anvil.js'
import {
  type DevFarcasterAccount,
  devFarcasterAccounts,
  installDevFarcasterRegistry,
} from '../../../../scripts/devchain/farcaster.js'
import { answerFarcasterLink } from '../../../../scripts/farcaster/client.js'
import {
  type DevFarcasterRelay,
  startDevFarcasterRelay,
} from '../../../../scripts/farcaster/relay.js'
import { authSessions } from '../db/schema/auth.js'
import { farcasterFrame } from './farcaster/testing.js'
import { type AuthTestApp, openAuthTestApp } from './testing.js'

// Sign In With Farcaster through an upstream relay (the hosted relay's protocol, played by a
// dev stand-in): channels are opened there, the Farcaster client answers there, and this server
// asks for the answer and checks it itself. Then a relay that lies: another fid, another key.
let anvil: AnvilInstance
let relay: DevFarcasterRelay
let t: AuthTestApp
let n = 0
const device = () => `device-relay-${String(++n).padStart(12, '0')}`
const [dev, friend] = devFarcasterAccounts as [DevFarcasterAccount, DevFarcasterAccount]

beforeAll(async () => {
  anvil = await startAnvil()
  await installDevFarcasterRegistry(anvil.rpcUrl)
  relay = await startDevFarcasterRelay()
  t = await openAuthTestApp({
    LATCH_FARCASTER_RPC_URL: anvil.rpcUrl,
    LATCH_FARCASTER_RELAY_URL: relay.url,
  })
}, 60_000)
afterAll(async () => {
  await t?.close()
  await relay?.stop()
  await anvil?.stop()
})

const openChannel = (deviceId: string) => farcasterFrame(t).openChannel(deviceId)
const poll = (flowToken: string, deviceId: string) => farcasterFrame(t).poll(flowToken, deviceId)

describe('Sign In With Farcaster through an upstream relay', () => {
  it("opens the relay's channel, and signs in once the relay holds a valid answer", async () => {
    const deviceId = device()
    const { url, flowToken } = await openChannel(deviceId)
    // The relay's link: only its channel token; the relay tells the client the rest.
    expect([...new URL(url).searchParams.keys()]).toEqual(['channelToken'])
    expect((await poll(flowToken, deviceId)).status).toBe(202)
    await answerFarcasterLink(url, { relay: relay.url, rpcUrl: anvil.rpcUrl, account: dev })
    // The frame shows which account answered before anything exists; then the visitor confirms.
    const { answered, session: done } = await farcasterFrame(t).signIn(flowToken, deviceId)
    expect(answered).toMatchObject({ fid: dev.fid, username: dev.username })
    expect(answered.custodyAddress.toLowerCase()).toBe(dev.custody.toLowerCase())
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect((done.body as { user: object }).user).toMatchObject({
      socialProvider: 'farcaster',
      username: dev.username,
    })
    expect((await poll(flowToken, deviceId)).status).toBe(400)
  })

  it("shows the relay's answer before anything exists; a cancelled one never signs in", async () => {
    const deviceId = device()
    const frame = farcasterFrame(t)
    const { url, flowToken } = await openChannel(deviceId)
    // A stranger who saw the link answers with their own account.
    await answerFarcasterLink(url, { relay: relay.url, rpcUrl: anvil.rpcUrl, account: friend })
    const sessions = async () => (await t.app.db.select().from(authSessions)).length
    const before = await sessions()
    // A confirm on the poll that fetches the answer only shows it.
    expect(await frame.confirm(flowToken, deviceId)).toMatchObject({
      status: 200,
      body: { state: 'answered', fid: friend.fid, usernameVerified: false },
    })
    expect(await frame.cancel(flowToken, deviceId)).toMatchObject({ status: 200 })
    expect(await frame.confirm(flowToken, deviceId)).toMatchObject({
      status: 400,
      body: { error: { code: 'SOCIAL_SIGN_IN_INVALID' } },
    })
    expect(await sessions()).toBe(before)
  })

  it('refuses what a lying relay reports: another fid, or a signature from a key that is not custody', async () => {
    for (const [what, change, signerKey] of [
      ['another fid', (a: Record<string, unknown>) => ({ ...a, fid: friend.fid }), undefined],
      ['a foreign key', undefined, friend.custodyKey],
    ] as const) {
      const deviceId = device()
      const { url, flowToken } = await openChannel(deviceId)
      await answerFarcasterLink(url, {
        relay: relay.url,
        rpcUrl: anvil.rpcUrl,
        account: dev,
        ...(signerKey ? { signerKey } : {}),
      })
      relay.tamper(change)
      try {
        const res = await poll(flowToken, deviceId)
        expect(res.status, what).toBe(400)
        expect(res.body, what).toMatchObject({ error: { code: 'SOCIAL_SIGN_IN_FAILED' } })
        // The flow is over: no later poll signs in.
        relay.tamper(undefined)
        expect((await poll(flowToken, deviceId)).status, what).toBe(400)
      } finally {
        relay.tamper(undefined)
      }
    }
  })

  it('answers 502 when the relay is down', async () => {
    const down = await openAuthTestApp({
      LATCH_FARCASTER_RPC_URL: anvil.rpcUrl,
      LATCH_FARCASTER_RELAY_URL: 'http://127.0.0.1:9',
    })
    try {
      const res = await farcasterFrame(down).channel(device())
      expect(res.status).toBe(502)
      expect(res.body).toMatchObject({ error: { code: 'RELAY_UNREACHABLE' } })
    } finally {
      await down.close()
    }
  })
})
