/**
 * Sign in with Polkadot through the SIWX routes (siwx/plugin.ts), on PGlite and Postgres: the
 * registered polkadot family verifies the session, and the attacks of the other namespaces'
 * suites are refused with their codes, burning no nonce. Verification needs no chain.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Backend } from '../testing/harness.js'
import { codeOf, openSiwxTestApp, type SiwxTestApp } from '../testing/siwx.js'
import { DEV_POLKADOT_CAIP2 } from './config.js'
import { polkadotMessage, signRaw, type TestPair, testPair } from './sign-in.fixtures.js'

describe.each(['pglite', 'postgres'] as Backend[])('sign in with Polkadot on %s', (backend) => {
  let siwx: SiwxTestApp
  let alice: TestPair
  let mallory: TestPair
  const clock = new Date('2026-11-27T12:00:00Z')

  beforeAll(async () => {
    alice = await testPair('//Alice')
    mallory = await testPair('//Mallory')
    // The dev chain is configured (nothing listens on port 9: sign-in never calls it).
    siwx = await openSiwxTestApp(backend, {
      clock,
      env: { LATCH_POLKADOT_CHAINS: `${DEV_POLKADOT_CAIP2}=ws://127.0.0.1:9` },
    })
  })
  afterAll(async () => {
    await siwx?.close()
  })

  const call: SiwxTestApp['call'] = (...args) => siwx.call(...args)
  const nonce = () => siwx.nonce()
  const verify = (message: string, signature: string) => siwx.verify(message, signature)

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
