import { hexToU8a, u8aToHex } from '@polkadot/util'
import { base58Decode, decodeAddress, encodeAddress } from '@polkadot/util-crypto'
import { HttpError } from '../../http/errors.js'

/** An SS58 address checked against its chain: the account id (hex) and the prefix it was written with. */
export interface ParsedPolkadotAddress {
  /** As the chain's prefix spells it. */
  address: string
  /** 0x + 64 hex digits: how the index keys accounts. */
  account: string
}

/** The SS58 prefix an address was written with, or undefined when it is no valid SS58 (checksum). */
export function ss58PrefixOf(address: string): number | undefined {
  if (!/^[1-9A-HJ-NP-Za-km-z]{46,50}$/.test(address)) return undefined
  try {
    // decodeAddress checks the checksum and the length (32-byte accounts only).
    const id = decodeAddress(address)
    if (id.length !== 32) return undefined
    const raw = base58Decode(address)
    // One-byte prefixes (0-63), two-byte ones (64-16383) per the SS58 spec.
    const first = raw[0] as number
    if (first < 64) return first
    const second = raw[1] as number
    return ((first & 0x3f) << 2) | (second >> 6) | ((second & 0x3f) << 8)
  } catch {
    return undefined
  }
}

export const looksLikePolkadotAddress = (address: string) => ss58PrefixOf(address) !== undefined

/** The address as the chain spells it; 400 INVALID_ADDRESS otherwise (another prefix included). */
export function parsePolkadotAddress(address: string, ss58Prefix: number): ParsedPolkadotAddress {
  const prefix = ss58PrefixOf(address)
  if (prefix === undefined)
    throw new HttpError(400, 'INVALID_ADDRESS', 'Not a Polkadot (SS58) account address.')
  if (prefix !== ss58Prefix)
    throw new HttpError(
      400,
      'INVALID_ADDRESS',
      `This address is written for SS58 prefix ${prefix}; this chain's addresses use prefix ${ss58Prefix}.`,
    )
  return { address, account: u8aToHex(decodeAddress(address)) }
}

/** An account id (hex) as the chain spells it. */
export const spell = (account: string, ss58Prefix: number) =>
  encodeAddress(hexToU8a(account), ss58Prefix)
