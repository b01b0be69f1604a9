import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { IN_MEMORY_DATA_DIR } from '../config.js'

/**
 * The server's two custody keys. The auth-share key encrypts auth shares (and keys the code
 * HMAC); the recovery key encrypts recovery shares. Production passes both by env, from
 * different secret stores; development keeps them in files under the data dir.
 */
export interface CustodyKeys {
  authShareKey: Buffer
  recoveryKey: Buffer
}

export class CustodyKeyError extends Error {
  override name = 'CustodyKeyError'
}

/**
 * A random 32-byte key kept in `<dataDir>/keys/<name>.key` (mode 600), made on first use; a fresh
 * one per boot for an in-memory data dir. For secrets an operator did not pass by env.
 */
export function localKey(dataDir: string, name: string): Buffer {
  if (dataDir === IN_MEMORY_DATA_DIR) return randomBytes(32)
  const dir = path.join(dataDir, 'keys')
  const file = path.join(dir, `${name}.key`)
  if (existsSync(file)) {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')
    if (key.length !== 32) throw new CustodyKeyError(`${file} does not hold a 32-byte base64 key`)
    return key
  }
  mkdirSync(dir, { recursive: true })
  const key = randomBytes(32)
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600 })
  chmodSync(file, 0o600)
  return key
}

export function loadCustodyKeys(
  config: { authShareKey: string | undefined; recoveryKey: string | undefined },
  dataDir: string,
): CustodyKeys {
  const authShareKey = config.authShareKey
    ? Buffer.from(config.authShareKey, 'base64')
    : localKey(dataDir, 'auth-share')
  const recoveryKey = config.recoveryKey
    ? Buffer.from(config.recoveryKey, 'base64')
    : localKey(dataDir, 'recovery')
  if (authShareKey.equals(recoveryKey))
    throw new CustodyKeyError('LATCH_AUTH_SHARE_KEY and LATCH_RECOVERY_KEY must differ')
  return { authShareKey, recoveryKey }
}

const VERSION = 'v1'

/**
 * AES-256-GCM with the row's owner as associated data, so a ciphertext copied onto another
 * user's row fails to decrypt instead of handing that user someone else's share.
 */
export function seal(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(context))
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64'))
  return [VERSION, ...parts].join('.')
}

export function open(key: Buffer, sealed: string, context: string): string {
  const [version, iv, tag, body] = sealed.split('.')
  if (version !== VERSION || !iv || !tag || body === undefined)
    throw new CustodyKeyError('unknown ciphertext format')
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'))
  decipher.setAAD(Buffer.from(context))
  decipher.setAuthTag(Buffer.from(tag, 'base64'))
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString(
    'utf8',
  )
}

/** The key for code HMACs, derived so that it is never the encryption key itself. */
export function codeKey(keys: CustodyKeys): Buffer {
  return Buffer.from(hkdfSync('sha256', keys.authShareKey, Buffer.alloc(0), 'latch otp v1', 32))
}

/**
 * A 6-digit code has a million values, so a bare hash would fall to a dictionary; the keyed
 * HMAC is useless without the server key.
 */
export function hashCode(key: Buffer, purpose: string, email: string, code: string): string {
  return createHmac('sha256', key).update(`${purpose}\n${email}\n${code}`).digest('base64')
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/** Tokens (sessions, device ids, approval links) are high-entropy: a plain SHA-256 suffices. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url')
}

export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Uniform over 000000–999999 (randomInt avoids modulo bias). */
export { randomInt } from 'node:crypto'
