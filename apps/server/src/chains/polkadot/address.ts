import { decodeSs58, encodeSs58 } from '@latch/core/polkadot/ss58'
import { bytesToHex, hexToBytes } from 'viem'
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
  return decodeSs58(address)?.prefix
}

export const looksLikePolkadotAddress = (address: string) => ss58PrefixOf(address) !== undefined

/** The address as the chain spells it; 400 INVALID_ADDRESS otherwise (another prefix included). */
export function parsePolkadotAddress(address: string, ss58Prefix: number): ParsedPolkadotAddress {
  const decoded = /^[1-9A-HJ-NP-Za-km-z]{46,50}$/.test(address) ? decodeSs58(address) : undefined
  if (!decoded)
    throw new HttpError(400, 'INVALID_ADDRESS', 'Not a Polkadot (SS58) account address.')
  if (decoded.prefix !== ss58Prefix)
    throw new HttpError(
      400,
      'INVALID_ADDRESS',
      `This address is written for SS58 prefix ${decoded.prefix}; this chain's addresses use prefix ${ss58Prefix}.`,
    )
  return { address, account: bytesToHex(decoded.accountId) }
}

/** An account id (hex) as the chain spells it. */
export const spell = (account: string, ss58Prefix: number) =>
  encodeSs58(hexToBytes(account as `0x${string}`), ss58Prefix)

/** The 32-byte account id of an SS58 address of any prefix; throws on anything else. */
export function accountIdOf(address: string): Uint8Array {
  const decoded = decodeSs58(address)
  if (!decoded) throw new TypeError(`Not an SS58 account address: ${address}`)
  return decoded.accountId
}
