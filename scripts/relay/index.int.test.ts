import { generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import { SignClient } from '@walletconnect/sign-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { type DevRelay, RELAY_CLOSE_CODE, RELAY_REFUSALS, startDevRelay } from './index.js'
import { refuseFetchBeyondLoopback } from './loopbackOnly.js'

const PROJECT_ID = 'latch-dev-relay-test'
const metadata = (name: string) => ({
  name,
  description: `${name} (dev relay test)`,
  url: 'http://localhost',
  icons: [],
})
const ACCOUNT = 'eip155:31337:0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** Opens a raw socket with a JWT of our own making: what an attacker without a key could send. */
async function connectRaw(url: string, query: string): Promise<{ status: number | string }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${url}/?${query}`)
    // Open only once the relay answers a request: a refused project is closed right after the upgrade.
    ws.on('open', () => ws.send(JSON.stringify({ id: 1, jsonrpc: '2.0', method: 'irn_none' })))
    ws.on('message', () => {
      ws.close()
      resolve({ status: 'open' })
    })
    ws.on('close', (code, reason) => resolve({ status: `closed ${code}: ${reason}` }))
    ws.on('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }))
    ws.on('error', () => undefined)
  })
}

describe('the dev relay with the real WalletConnect SDK on both sides', () => {
  let relay: DevRelay
  let guard: ReturnType<typeof refuseFetchBeyondLoopback>
  let dapp: InstanceType<typeof SignClient>
  let wallet: InstanceType<typeof SignClient>
  beforeAll(async () => {
    guard = refuseFetchBeyondLoopback()
    relay = await startDevRelay({ projectId: PROJECT_ID })
    const options = { projectId: PROJECT_ID, relayUrl: relay.url, telemetryEnabled: false }
    // One process holds both ends: each needs its own core (its own key, so its own client id).
    dapp = await SignClient.init({
      ...options,
      customStoragePrefix: 'dapp',
      metadata: metadata('Dapp'),
    })
    wallet = await SignClient.init({
      ...options,
      customStoragePrefix: 'wallet',
      metadata: metadata('Wallet'),
    })
  })
  afterAll(async () => {
    await dapp?.core.relayer.transportClose().catch(() => undefined)
    await wallet?.core.relayer.transportClose().catch(() => undefined)
    await relay?.stop()
    guard.restore()
  })

  it('pairs, settles a session, carries a request and its answer, and a disconnect', async () => {
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: {
        eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: ['chainChanged'] },
      },
    })
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    const proposal = new Promise<{ id: number; params: { optionalNamespaces: object } }>(
      (resolve) => wallet.once('session_proposal', (event) => resolve(event as never)),
    )
    await wallet.pair({ uri: uri as string })
    const { id, params } = await proposal
    expect(params.optionalNamespaces).toHaveProperty('eip155')
    const approved = await wallet.approve({
      id,
      namespaces: {
        eip155: {
          accounts: [ACCOUNT],
          methods: ['personal_sign'],
          events: ['chainChanged'],
          chains: ['eip155:31337'],
        },
      },
    })
    const session = await approval()
    await approved.acknowledged()
    expect(session.namespaces.eip155?.accounts).toEqual([ACCOUNT])
    expect(session.topic).toBe(approved.topic)

    wallet.once(
      'session_request',
      (event) =>
        void wallet.respond({
          topic: event.topic,
          response: {
            id: event.id,
            jsonrpc: '2.0',
            result: `signed:${event.params.request.params[0]}`,
          },
        }),
    )
    const answer = await dapp.request({
      topic: session.topic,
      chainId: 'eip155:31337',
      request: { method: 'personal_sign', params: ['0x68656c6c6f', ACCOUNT.split(':')[2]] },
    })
    expect(answer).toBe('signed:0x68656c6c6f')

    const deleted = new Promise((resolve) => dapp.once('session_delete', resolve))
    await wallet.disconnect({
      topic: session.topic,
      reason: { code: 6000, message: 'User disconnected.' },
    })
    await deleted
    expect(dapp.session.getAll()).toHaveLength(0)
  })

  it('a rejected proposal reaches the dapp as a rejection', async () => {
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: { eip155: { chains: ['eip155:31337'], methods: [], events: [] } },
    })
    wallet.once(
      'session_proposal',
      (event) =>
        void wallet.reject({ id: event.id, reason: { code: 5000, message: 'User rejected.' } }),
    )
    await wallet.pair({ uri: uri as string })
    await expect(approval()).rejects.toMatchObject({ message: 'User rejected.' })
  })

  it('keeps nothing from leaving loopback', () => {
    // The SDK tried WalletConnect's hosted Verify (the dapp published no attestation) and was
    // refused here; no other outside address was asked.
    for (const url of guard.refused)
      expect(url).toMatch(/^https:\/\/verify\.walletconnect\.(org|com)\//)
  })

  it('refuses a client without a valid relay-auth token, or of another project', async () => {
    const before = relay.stats().refused
    expect(await connectRaw(relay.url, `projectId=${PROJECT_ID}`)).toEqual({ status: 401 })
    // A token signed by one key but claiming another issuer (the payload edited after signing).
    const key = generateKeyPair()
    const jwt = await signJWT('sub', relay.url, 60, key)
    const [header, payload, signature] = jwt.split('.') as [string, string, string]
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString())
    claims.iss = 'did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK'
    const forged = [
      header,
      Buffer.from(JSON.stringify(claims)).toString('base64url'),
      signature,
    ].join('.')
    expect(await connectRaw(relay.url, `projectId=${PROJECT_ID}&auth=${forged}`)).toEqual({
      status: 401,
    })
    // Another project, or none: closed as the hosted relay closes an unknown project.
    expect(await connectRaw(relay.url, `projectId=another&auth=${jwt}`)).toEqual({
      status: `closed ${RELAY_CLOSE_CODE}: ${RELAY_REFUSALS.projectNotFound}`,
    })
    expect(await connectRaw(relay.url, `auth=${jwt}`)).toEqual({
      status: `closed ${RELAY_CLOSE_CODE}: ${RELAY_REFUSALS.projectIdMissing}`,
    })
    // The same genuine token for the right project is let in: the refusals above were the attack's.
    expect(await connectRaw(relay.url, `projectId=${PROJECT_ID}&auth=${jwt}`)).toEqual({
      status: 'open',
    })
    expect(relay.stats().refused).toBe(before + 4)
  })

  it('answers an unknown method with a JSON-RPC error, never a silent success', async () => {
    const jwt = await signJWT('sub', relay.url, 60, generateKeyPair())
    const ws = new WebSocket(`${relay.url}/?projectId=${PROJECT_ID}&auth=${jwt}`)
    await new Promise((resolve) => ws.on('open', resolve))
    const reply = new Promise<unknown>((resolve) =>
      ws.once('message', (d) => resolve(JSON.parse(String(d)))),
    )
    ws.send(JSON.stringify({ id: 7, jsonrpc: '2.0', method: 'irn_notAThing', params: {} }))
    expect(await reply).toEqual({
      id: 7,
      jsonrpc: '2.0',
      error: { code: -32601, message: 'Method not found: irn_notAThing' },
    })
    const bad = new Promise<unknown>((resolve) =>
      ws.once('message', (d) => resolve(JSON.parse(String(d)))),
    )
    ws.send(
      JSON.stringify({
        id: 8,
        jsonrpc: '2.0',
        method: 'irn_publish',
        params: { topic: 't', message: 'm', ttl: -1 },
      }),
    )
    expect(await bad).toMatchObject({ id: 8, error: { code: -32602 } })
    ws.close()
  })
})
