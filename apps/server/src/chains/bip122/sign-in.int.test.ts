/**
 * Sign in with Bitcoin through the SIWX routes (siwx/plugin.ts), on PGlite and Postgres: the
 * registered bip122 family verifies the session, and the attacks of the EVM and Solana suites
 * (siwx/siwx.int.test.ts) are refused with their codes, burning no nonce.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Backend } from '../testing/harness.js'
import { codeOf, openSiwxTestApp, type SiwxTestApp } from '../testing/siwx.js'
import { bip137, bip322, bitcoinMessage, REGTEST_REF, testKey } from './sign-in.fixtures.js'

const key = testKey(11)
const other = testKey(12)

describe.each(['pglite', 'postgres'] as Backend[])('sign in with Bitcoin on %s', (backend) => {
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

  it('signs in a P2WPKH account (BIP-322) and a taproot one; the session reads back', async () => {
    const text = bitcoinMessage({ address: key.wpkh, nonce: await nonce(), issuedAt: clock })
    const response = await verify(text, bip322(key, key.wpkh, text))
    expect(response.statusCode, response.body).toBe(201)
    const { token, session } = response.json() as {
      token: string
      session: { address: string; chainId: string }
    }
    expect(session).toMatchObject({ address: key.wpkh, chainId: `bip122:${REGTEST_REF}` })
    expect((await call('GET', '/siwx/v1/sessions', undefined, token)).json()).toMatchObject({
      sessions: [{ address: key.wpkh }],
    })
    const taproot = bitcoinMessage({ address: key.tr, nonce: await nonce(), issuedAt: clock })
    expect((await verify(taproot, bip322(key, key.tr, taproot))).statusCode).toBe(201)
    const legacy = bitcoinMessage({ address: key.pkh, nonce: await nonce(), issuedAt: clock })
    expect((await verify(legacy, bip137(key, legacy, 'p2pkh'))).statusCode).toBe(201)
  })

  it('refuses another key, a tampered text, another domain, a wrong chain, an expired message; then a replay', async () => {
    const n = await nonce()
    const signed = bitcoinMessage({ address: key.wpkh, nonce: n, issuedAt: clock })
    const cases: [string, string, string][] = [
      [signed, bip322(other, other.wpkh, signed), 'SIWX_BAD_SIGNATURE'],
      [signed.replace('test app', 'evil app'), bip322(key, key.wpkh, signed), 'SIWX_BAD_SIGNATURE'],
      [signed, bip322(key, key.tr, signed), 'SIWX_BAD_SIGNATURE'],
    ]
    const elsewhere = bitcoinMessage({
      address: key.wpkh,
      nonce: await nonce(),
      issuedAt: clock,
      domain: 'evil.example',
    })
    cases.push([elsewhere, bip322(key, key.wpkh, elsewhere), 'SIWX_DOMAIN_MISMATCH'])
    const mainnet = bitcoinMessage({
      address: key.wpkh,
      nonce: await nonce(),
      issuedAt: clock,
      chain: '000000000019d6689c085ae165831e93',
    })
    cases.push([mainnet, bip322(key, key.wpkh, mainnet), 'SIWX_MALFORMED'])
    const expired = bitcoinMessage({
      address: key.wpkh,
      nonce: await nonce(),
      issuedAt: new Date(clock.getTime() - 3_600_000),
      expiration: new Date(clock.getTime() - 60_000),
    })
    cases.push([expired, bip322(key, key.wpkh, expired), 'SIWX_EXPIRED'])
    for (const [text, signature, code] of cases)
      expect(codeOf(await verify(text, signature)), code).toBe(code)
    // The refusals burnt no nonce: the real signature signs in once, and only once.
    expect((await verify(signed, bip322(key, key.wpkh, signed))).statusCode).toBe(201)
    expect(codeOf(await verify(signed, bip322(key, key.wpkh, signed)))).toBe('SIWX_NONCE_INVALID')
  })
})
