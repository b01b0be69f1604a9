import { createPrivateKey, randomBytes } from 'node:crypto'
import { type CryptoKey, importJWK, importPKCS8, SignJWT } from 'jose'

/** CDP's JWTs live two minutes; each authorises one method and path. */
const LIFETIME_SECONDS = 120

export class CdpKeyError extends Error {
  override name = 'CdpKeyError'
}

export interface CdpKey {
  alg: 'ES256' | 'EdDSA'
  key: CryptoKey
}

/**
 * A CDP secret API key as the portal gives it: an EC key in PEM (SEC1 or PKCS#8), or an Ed25519
 * key as base64 of 64 bytes (the 32-byte seed, then the public key).
 */
export async function importCdpKey(secret: string): Promise<CdpKey> {
  const trimmed = secret.trim()
  if (trimmed.startsWith('-----BEGIN')) {
    let pkcs8: string
    try {
      pkcs8 = createPrivateKey(trimmed).export({ format: 'pem', type: 'pkcs8' }).toString()
    } catch {
      throw new CdpKeyError('LATCH_ONRAMP_COINBASE_KEY_SECRET is not a readable PEM private key')
    }
    return { alg: 'ES256', key: await importPKCS8(pkcs8, 'ES256') }
  }
  const bytes = Buffer.from(trimmed, 'base64')
  if (bytes.length !== 64)
    throw new CdpKeyError(
      'LATCH_ONRAMP_COINBASE_KEY_SECRET must be an EC PEM key or a base64 Ed25519 key of 64 bytes',
    )
  const jwk = {
    kty: 'OKP',
    crv: 'Ed25519',
    d: bytes.subarray(0, 32).toString('base64url'),
    x: bytes.subarray(32).toString('base64url'),
  }
  return { alg: 'EdDSA', key: (await importJWK(jwk, 'EdDSA')) as CryptoKey }
}

/**
 * The bearer token of one CDP REST call: `uri` binds it to the method, host and path, and the
 * random nonce keeps two calls in the same second from sharing a token.
 */
export async function cdpJwt(
  keyName: string,
  key: CdpKey,
  method: string,
  url: string,
  now: Date = new Date(),
): Promise<string> {
  const { host, pathname } = new URL(url)
  const seconds = Math.floor(now.getTime() / 1000)
  return new SignJWT({ uri: `${method.toUpperCase()} ${host}${pathname}` })
    .setProtectedHeader({
      alg: key.alg,
      kid: keyName,
      typ: 'JWT',
      nonce: randomBytes(16).toString('hex'),
    })
    .setIssuer('cdp')
    .setSubject(keyName)
    .setNotBefore(seconds)
    .setExpirationTime(seconds + LIFETIME_SECONDS)
    .sign(key.key)
}
