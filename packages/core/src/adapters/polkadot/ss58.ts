import { blake2b } from './blake2b.js'

// SS58 (Substrate's address format): a prefix naming the chain family, the 32-byte account id,
// and the first two bytes of blake2b-512("SS58PRE" ‖ prefix ‖ id) as a checksum, in base58.
// Plain code with no library (blake2b.ts, base58 below): traits.ts reads it with the page, before
// @polkadot/api loads, and the server reads addresses with it (`@latch/core/polkadot/ss58`)
// without @polkadot/util-crypto.

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** Base58 (Bitcoin's alphabet); each leading '1' is a zero byte. Throws on another character. */
function base58Decode(text: string): Uint8Array {
  let n = 0n
  for (const char of text) {
    const digit = ALPHABET.indexOf(char)
    if (digit < 0) throw new Error(`Not base58: ${char}`)
    n = n * 58n + BigInt(digit)
  }
  const zeros = text.length - text.replace(/^1+/, '').length
  const body = n === 0n ? '' : n.toString(16)
  const hex = body.length % 2 ? `0${body}` : body
  const out = new Uint8Array(zeros + hex.length / 2)
  for (let i = 0; i < hex.length / 2; i++)
    out[zeros + i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16)
  return out
}

function base58Encode(bytes: Uint8Array): string {
  let n = 0n
  for (const byte of bytes) n = (n << 8n) | BigInt(byte)
  let text = ''
  while (n > 0n) {
    text = (ALPHABET[Number(n % 58n)] as string) + text
    n /= 58n
  }
  let zeros = 0
  while (bytes[zeros] === 0) zeros++
  return '1'.repeat(zeros) + text
}

const SS58PRE = new TextEncoder().encode('SS58PRE')

const checksum = (body: Uint8Array) => {
  const input = new Uint8Array(SS58PRE.length + body.length)
  input.set(SS58PRE)
  input.set(body, SS58PRE.length)
  return blake2b(input, 64).subarray(0, 2)
}

export interface DecodedSs58 {
  /** 0–16383: 0 Polkadot, 2 Kusama, 42 generic Substrate, … */
  prefix: number
  /** The 32-byte account id (an sr25519 or ed25519 public key, or an ecdsa key's blake2-256). */
  accountId: Uint8Array
}

/** The prefix and account id of an SS58 account address; undefined when it is none (checksum). */
export function decodeSs58(address: string): DecodedSs58 | undefined {
  if (!/^[1-9A-HJ-NP-Za-km-z]{46,50}$/.test(address)) return undefined
  let raw: Uint8Array
  try {
    raw = base58Decode(address)
  } catch {
    return undefined
  }
  // One-byte prefixes are 0–63; 64–127 in the first byte start a two-byte prefix.
  const first = raw[0] as number
  if (first >= 128) return undefined
  const prefixLength = first < 64 ? 1 : 2
  if (raw.length !== prefixLength + 32 + 2) return undefined
  const body = raw.subarray(0, prefixLength + 32)
  const sum = checksum(body)
  if (sum[0] !== raw[prefixLength + 32] || sum[1] !== raw[prefixLength + 33]) return undefined
  const prefix =
    prefixLength === 1
      ? first
      : ((first & 0x3f) << 2) | ((raw[1] as number) >> 6) | (((raw[1] as number) & 0x3f) << 8)
  return { prefix, accountId: raw.slice(prefixLength, prefixLength + 32) }
}

/** The account id spelled with `prefix` (0–16383). */
export function encodeSs58(accountId: Uint8Array, prefix: number): string {
  if (accountId.length !== 32) throw new RangeError('An SS58 account id is 32 bytes')
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > 16383)
    throw new RangeError(`No SS58 prefix: ${prefix}`)
  const head =
    prefix < 64 ? [prefix] : [((prefix & 0xfc) >> 2) | 0x40, (prefix >> 8) | ((prefix & 0x03) << 6)]
  const body = new Uint8Array(head.length + 32)
  body.set(head)
  body.set(accountId, head.length)
  const sum = checksum(body)
  const out = new Uint8Array(body.length + 2)
  out.set(body)
  out.set(sum, body.length)
  return base58Encode(out)
}

/** `address` (any prefix) spelled with `prefix`; undefined when it is no SS58 address. */
export function respellSs58(address: string, prefix: number): string | undefined {
  const decoded = decodeSs58(address)
  return decoded && encodeSs58(decoded.accountId, prefix)
}

/** Whether two addresses name one account, whatever prefix each is written with. */
export function sameSs58Account(a: string, b: string): boolean {
  const x = decodeSs58(a)
  const y = decodeSs58(b)
  if (!x || !y) return false
  return x.accountId.every((byte, i) => byte === y.accountId[i])
}
