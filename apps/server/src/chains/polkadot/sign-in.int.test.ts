/**
 * Sign in with Polkadot through the SIWX routes (siwx/plugin.ts), on PGlite and Postgres: the
 * registered polkadot family verifies the session, and the attacks of the other namespaces'
 * suites are refused with their codes, burning no nonce. Verification needs no chain.
 */
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installErrorHandling } from '../../http/errors.js'
import { createProject } from '../../provider-services/projects.js'
import { siwxRoutes } from '../../siwx/plugin.js'
import { loadChainDataConfig } from '../config.js'
import { type Backend, openTestDb, type TestDb } from '../testing/harness.js'
import { DEV_POLKADOT_CAIP2 } from './config.js'
import { polkadotMessage, signRaw, type TestPair, testPair } from './sign-in.fixtures.js'

const PAGE = 'http://localhost:5173'

describe.each(['pglite', 'postgres'] as Backend[])('sign in with Polkadot on %s', (backend) => {
  let db: TestDb
  let app: FastifyInstance
  let projectId = ''
  let alice: TestPair
  let mallory: TestPair
  const clock = new Date('2026-11-27T12:00:00Z')

  beforeAll(async () => {
    alice = await testPair('//Alice')
    mallory = await testPair('//Mallory')
    db = await openTestDb(backend)
    app = Fastify({ logger: false })
    app.decorate('db', db.handle.db)
    // The dev chain is configured (nothing listens on port 9: sign-in never calls it).
    const chainData = loadChainDataConfig(
      { LATCH_POLKADOT_CHAINS: `${DEV_POLKADOT_CAIP2}=ws://127.0.0.1:9` },
      'http://127.0.0.1:9',
    )
    app.decorate('config', { chainData } as never)
    installErrorHandling(app)
    await app.register(siwxRoutes, { now: () => clock })
    await app.ready()
    projectId = (await createProject(db.handle.db, { name: 'SIWX', origins: [PAGE] })).id
  })
  afterAll(async () => {
    await app?.close()
    await db?.close()
  })

  const call = (method: 'GET' | 'POST', path: string, body?: object, token?: string) =>
    app.inject({
      method,
      url: `${path}?projectId=${projectId}`,
      headers: { origin: PAGE, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body ? { payload: body } : {}),
    })
  const nonce = async () =>
    ((await call('POST', '/siwx/v1/nonce', {})).json() as { nonce: string }).nonce
  const verify = (message: string, signature: string) =>
    call('POST', '/siwx/v1/verify', { message, signature })
  const codeOf = (response: { json(): unknown }) =>
    (response.json() as { error?: { code: string } }).error?.code

  it('signs in an sr25519 account with a signRaw signature; the session reads back', async () => {
    const text = polkadotMessage(alice.address, { nonce: await nonce() })
    const response = await verify(text, signRaw(alice, text))
    expect(response.statusCode, response.body).toBe(201)
    const { token, session } = response.json() as {
      token: string
      session: { address: string; chainId: string }
    }
    expect(session).toMatchObject({ address: alice.address, chainId: DEV_POLKADOT_CAIP2 })
    expect((await call('GET', '/siwx/v1/sessions', undefined, token)).json()).toMatchObject({
      sessions: [{ address: alice.address }],
    })
    const ed = await testPair('//Alice', 'ed25519')
    const edText = polkadotMessage(ed.address, { nonce: await nonce() })
    expect((await verify(edText, signRaw(ed, edText))).statusCode).toBe(201)
  })

  it('refuses another key, a tampered text, the bare text, another domain or chain, an expired message; then a replay', async () => {
    const signed = polkadotMessage(alice.address, { nonce: await nonce() })
    const bare = Buffer.from(alice.sign(new TextEncoder().encode(signed))).toString('hex')
    const cases: [string, string, string][] = [
      [signed, signRaw(mallory, signed), 'SIWX_BAD_SIGNATURE'],
      [
        signed.replace('Sign in to Latch', 'Send all'),
        signRaw(alice, signed),
        'SIWX_BAD_SIGNATURE',
      ],
      [signed, `0x${bare}`, 'SIWX_BAD_SIGNATURE'],
    ]
    const elsewhere = polkadotMessage(alice.address, {
      nonce: await nonce(),
      domain: 'evil.example',
    })
    cases.push([elsewhere, signRaw(alice, elsewhere), 'SIWX_DOMAIN_MISMATCH'])
    const chain = polkadotMessage(alice.address, {
      nonce: await nonce(),
      chain: 'polkadot:00000000000000000000000000000000',
    })
    cases.push([chain, signRaw(alice, chain), 'SIWX_CHAIN_UNSUPPORTED'])
    const expired = polkadotMessage(alice.address, {
      nonce: await nonce(),
      issuedAt: '2026-11-27T10:00:00Z',
      expires: '2026-11-27T11:59:00Z',
    })
    cases.push([expired, signRaw(alice, expired), 'SIWX_EXPIRED'])
    for (const [text, signature, code] of cases)
      expect(codeOf(await verify(text, signature)), code).toBe(code)
    // The refusals burnt no nonce: the real signature signs in once, and only once.
    expect((await verify(signed, signRaw(alice, signed))).statusCode).toBe(201)
    expect(codeOf(await verify(signed, signRaw(alice, signed)))).toBe('SIWX_NONCE_INVALID')
  })
})
