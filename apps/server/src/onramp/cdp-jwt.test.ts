import { generateKeyPairSync } from 'node:crypto'
import { decodeProtectedHeader, importSPKI, jwtVerify } from 'jose'
import { describe, expect, it } from 'vitest'
import { CdpKeyError, cdpJwt, importCdpKey } from './cdp-jwt.js'

describe('CDP API key JWTs', () => {
  it('signs ES256 with an EC key in SEC1 PEM, bound to method, host and path', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const pem = privateKey.export({ format: 'pem', type: 'sec1' }).toString()
    const key = await importCdpKey(pem)
    const token = await cdpJwt(
      'organizations/o/apiKeys/k',
      key,
      'post',
      'https://api.example.test/onramp/v1/token?x=1',
    )
    const spki = publicKey.export({ format: 'pem', type: 'spki' }).toString()
    const { payload } = await jwtVerify(token, await importSPKI(spki, 'ES256'), { issuer: 'cdp' })
    expect(payload).toMatchObject({
      sub: 'organizations/o/apiKeys/k',
      uri: 'POST api.example.test/onramp/v1/token',
    })
    expect((payload.exp ?? 0) - (payload.nbf ?? 0)).toBe(120)
    const header = decodeProtectedHeader(token)
    expect(header).toMatchObject({ alg: 'ES256', kid: 'organizations/o/apiKeys/k', typ: 'JWT' })
    const other = decodeProtectedHeader(await cdpJwt('k', key, 'GET', 'https://h/p'))
    expect(other.nonce).not.toBe(header.nonce)
  })

  it('signs EdDSA with a base64 Ed25519 key of seed and public key', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519')
    const jwk = privateKey.export({ format: 'jwk' })
    const raw = Buffer.concat([
      Buffer.from(jwk.d as string, 'base64url'),
      Buffer.from(jwk.x as string, 'base64url'),
    ])
    const key = await importCdpKey(raw.toString('base64'))
    const token = await cdpJwt(
      'key-id',
      key,
      'GET',
      'https://api.example.test/onramp/v1/buy/options',
    )
    const spki = publicKey.export({ format: 'pem', type: 'spki' }).toString()
    const { payload } = await jwtVerify(token, await importSPKI(spki, 'EdDSA'))
    expect(payload.uri).toBe('GET api.example.test/onramp/v1/buy/options')
  })

  it('refuses a key it cannot read, with the variable named', async () => {
    await expect(importCdpKey('bm90IGEga2V5')).rejects.toThrow(CdpKeyError)
    await expect(
      importCdpKey('-----BEGIN EC PRIVATE KEY-----\nxx\n-----END EC PRIVATE KEY-----'),
    ).rejects.toThrow(/LATCH_ONRAMP_COINBASE_KEY_SECRET/)
  })
})
