import { blake2b } from '@noble/hashes/blake2.js'
import { base58 } from '@scure/base'

// SS58 (Substrate's address format): a prefix naming the chain family, the 32-byte account id,
// and the first two bytes of blake2b-512("SS58PRE" ‖ prefix ‖ id) as a checksum, in base58.
// Plain code on two small libraries: traits.ts reads it with the page, before @polkadot/api loads,
// and the server reads addresses with it (`@latch/core/polkadot/ss58`) without @polkadot/util-crypto.

const SS58PRE = new TextEncoder().encode('SS58PRE')

const checksum = (body: Uint8Array) => {
  const input = new Uint8Array(SS58PRE.length + body.length)
  input.set(SS58PRE)
  input.set(body, SS58PRE.length)
  return blake2b(input, { dkLen: 64 }).subarray(0, 2)
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
    raw = base58.decode(address)
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
  return base58.encode(out)
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
