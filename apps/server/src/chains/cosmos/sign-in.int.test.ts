/**
 * Sign in with Cosmos through the SIWX routes (siwx/plugin.ts), on PGlite and Postgres: the
 * registered cosmos family verifies ADR-036 signatures, and the attacks are refused with their
 * codes, burning no nonce.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Backend } from '../testing/harness.js'
import { codeOf, openSiwxTestApp, type SiwxTestApp } from '../testing/siwx.js'
import { cosmosMessage, testKey } from './sign-in.fixtures.js'

const key = await testKey(11)
const other = await testKey(12)

describe.each(['pglite', 'postgres'] as Backend[])('sign in with Cosmos on %s', (backend) => {
  let siwx: SiwxTestApp
  const clock = new Date('2026-11-27T12:00:00Z')

  beforeAll(async () => {
    siwx = await openSiwxTestApp(backend, { clock })
  })
  afterAll(async () => {
    await siwx?.close()
  })

  const call: SiwxTestApp['call'] = (...args) => siwx.call(...args)
  const nonce = () => siwx.nonce()
  const verify = (message: string, signature: string) => siwx.verify(message, signature)

  it('signs in a Cosmos account with an ADR-036 signature; the session reads back', async () => {
    const text = cosmosMessage({ address: key.address, nonce: await nonce(), issuedAt: clock })
    const response = await verify(text, await key.sign(text))
    expect(response.statusCode, response.body).toBe(201)
    const { token, session } = response.json() as {
      token: string
      session: { address: string; chainId: string }
    }
    expect(session).toMatchObject({ address: key.address, chainId: 'cosmos:latchdev-1' })
    expect((await call('GET', '/siwx/v1/sessions', undefined, token)).json()).toMatchObject({
      sessions: [{ address: key.address }],
    })
  })

  it('refuses another key, a tampered text, another domain, a wrong chain, an expired message; then a replay', async () => {
    const n = await nonce()
    const signed = cosmosMessage({ address: key.address, nonce: n, issuedAt: clock })
    const cases: [string, string, string][] = [
      [signed, await other.sign(signed), 'SIWX_BAD_SIGNATURE'],
      [signed, await other.sign(signed, key.address), 'SIWX_BAD_SIGNATURE'],
      [signed.replace('test app', 'evil app'), await key.sign(signed), 'SIWX_BAD_SIGNATURE'],
    ]
    const elsewhere = cosmosMessage({
      address: key.address,
      nonce: await nonce(),
      issuedAt: clock,
      domain: 'evil.example',
    })
    cases.push([elsewhere, await key.sign(elsewhere), 'SIWX_DOMAIN_MISMATCH'])
    const osmosis = cosmosMessage({
      address: key.address,
      nonce: await nonce(),
      issuedAt: clock,
      chain: 'osmosis-1',
    })
    cases.push([osmosis, await key.sign(osmosis), 'SIWX_MALFORMED'])
    const expired = cosmosMessage({
      address: key.address,
      nonce: await nonce(),
      issuedAt: new Date(clock.getTime() - 3_600_000),
      expiration: new Date(clock.getTime() - 60_000),
    })
    cases.push([expired, await key.sign(expired), 'SIWX_EXPIRED'])
    for (const [text, signature, code] of cases)
      expect(codeOf(await verify(text, signature)), code).toBe(code)
    // The refusals burnt no nonce: the real signature signs in once, and only once.
    expect((await verify(signed, await key.sign(signed))).statusCode).toBe(201)
    expect(codeOf(await verify(signed, await key.sign(signed)))).toBe('SIWX_NONCE_INVALID')
  })
})
