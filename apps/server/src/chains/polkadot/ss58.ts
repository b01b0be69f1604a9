import { blake2b } from '@noble/hashes/blake2b'
import { base58 } from '@scure/base'

/**
 * SS58 addresses (https://docs.substrate.io/reference/address-formats/): base58 of the prefix
 * (one byte for 0-63, two for 64-16383), the 32-byte account id, and two checksum bytes, the
 * start of blake2b-512 over "SS58PRE", the prefix and the account. Written here on the libraries
 * the server already has, so that reading an address does not load @polkadot/util-crypto
 * (111 MB of installed packages with @polkadot/api, an optional peer: docs/polkadot-server.md).
 */

const CONTEXT = new TextEncoder().encode('SS58PRE')

export interface Ss58Address {
  prefix: number
  /** The 32-byte account id. */
  account: Uint8Array
}

function checksum(body: Uint8Array): Uint8Array {
  const input = new Uint8Array(CONTEXT.length + body.length)
  input.set(CONTEXT)
  input.set(body, CONTEXT.length)
  return blake2b(input, { dkLen: 64 }).subarray(0, 2)
}

function prefixBytes(prefix: number): Uint8Array {
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > 16383)
    throw new RangeError(`SS58 prefix ${prefix} is outside 0-16383`)
  if (prefix < 64) return Uint8Array.of(prefix)
  // The two-byte form: the low six bits of the first byte and the rest, per the SS58 spec.
  return Uint8Array.of(((prefix & 0xfc) >> 2) | 0x40, (prefix >> 8) | ((prefix & 0x03) << 6))
}

/** The prefix and account of a 32-byte-account SS58 address; undefined for anything else. */
export function decodeSs58(address: string): Ss58Address | undefined {
  let raw: Uint8Array
  try {
    raw = base58.decode(address)
  } catch {
    return undefined
  }
  const first = raw[0]
  if (first === undefined || first > 127) return undefined
  const prefixLength = first < 64 ? 1 : 2
  if (raw.length !== prefixLength + 32 + 2) return undefined
  const body = raw.subarray(0, prefixLength + 32)
  const sum = checksum(body)
  if (sum[0] !== raw[body.length] || sum[1] !== raw[body.length + 1]) return undefined
  const second = raw[1] as number
  const prefix =
    prefixLength === 1 ? first : ((first & 0x3f) << 2) | (second >> 6) | ((second & 0x3f) << 8)
  return { prefix, account: raw.slice(prefixLength, prefixLength + 32) }
}

/** The account id spelled with `prefix`. */
export function encodeSs58(account: Uint8Array, prefix: number): string {
  if (account.length !== 32)
    throw new RangeError(`An account id has 32 bytes, not ${account.length}`)
  const head = prefixBytes(prefix)
  const body = new Uint8Array(head.length + 32)
  body.set(head)
  body.set(account, head.length)
  const out = new Uint8Array(body.length + 2)
  out.set(body)
  out.set(checksum(body), body.length)
  return base58.encode(out)
}
