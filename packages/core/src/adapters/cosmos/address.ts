/**
 * Cosmos account addresses: bech32 (BIP-173) with a valid checksum over a 20-byte key hash or a
 * 32-byte module or interchain account, in one case. Decoded with @scure/base: cosmjs's
 * fromBech32 breaks against the @scure/base the repo installs.
 */
import { bech32 } from '@scure/base'

export interface ParsedCosmosAddress {
  /** Lower-cased, as nodes write it. */
  address: string
  prefix: string
  data: Uint8Array
}

export function parseCosmosAddress(address: string): ParsedCosmosAddress | undefined {
  if (address.length < 8 || address.length > 90 || !/^[a-zA-Z0-9]+$/.test(address)) return undefined
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return undefined
  try {
    const lower = address.toLowerCase() as `${string}1${string}`
    const { prefix, words } = bech32.decode(lower, 90)
    const data = bech32.fromWords(words)
    if (data.length !== 20 && data.length !== 32) return undefined
    return { address: lower, prefix, data }
  } catch {
    return undefined
  }
}

/** The address of the same account under another prefix (one key, one account per chain). */
export function toPrefix(address: string, prefix: string): string {
  const parsed = parseCosmosAddress(address)
  if (!parsed) throw new Error(`Not a Cosmos address: ${address}`)
  return bech32.encode(prefix, bech32.toWords(parsed.data), 90)
}
