import { type Address, getAddress, isAddress } from 'viem'
import { ConvertError, NATIVE_TOKEN, SWAPS_UNSUPPORTED, type TokenRef } from './types.js'

const CAIP2 = /^eip155:([1-9][0-9]{0,15})$/
const CAIP10 = /^eip155:([1-9][0-9]{0,15}):(0x[0-9a-fA-F]{40})$/
/** uint256's range: base-unit amounts past it cannot be sent to any contract. */
const MAX_UINT256 = 2n ** 256n - 1n

const bad = (code: string, message: string) => new ConvertError(400, code, message)

/** Any other family's CAIP-2 id (solana:…, bip122:…): well formed, but no swap here. */
const OTHER_CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

export function parseChain(value: string, field = 'chainId'): number {
  if (!value.startsWith('eip155:') && OTHER_CAIP2.test(value))
    throw new ConvertError(400, 'SWAP_NETWORK_UNSUPPORTED', `${SWAPS_UNSUPPORTED} (${value})`)
  const match = CAIP2.exec(value)
  if (!match || !Number.isSafeInteger(Number(match[1])))
    throw bad(
      'SWAP_BAD_CHAIN',
      `${field} must be a CAIP-2 id like eip155:1, got ${JSON.stringify(value.slice(0, 80))}`,
    )
  return Number(match[1])
}

/** `eip155:<chain>:<address>`; the native coin is 0xeeee…eeee in any letter case. */
export function parseToken(value: string, field: string): TokenRef {
  const match = CAIP10.exec(value)
  const address = match?.[2]
  if (!match || !address || !Number.isSafeInteger(Number(match[1])))
    throw bad(
      'SWAP_BAD_TOKEN',
      `${field} must be a CAIP-10 id like eip155:1:0x…, got ${JSON.stringify(value.slice(0, 120))}`,
    )
  if (address.toLowerCase() === NATIVE_TOKEN)
    return { chainId: Number(match[1]), address: NATIVE_TOKEN }
  // A mixed-case address must carry a right checksum: a wrong one is a typo, not a token.
  if (
    !isAddress(address, {
      strict: address !== address.toLowerCase() && address !== address.toUpperCase(),
    })
  )
    throw bad('SWAP_BAD_TOKEN', `${field} has an address with a wrong checksum`)
  return { chainId: Number(match[1]), address: getAddress(address) }
}

export function parseUser(value: string, field = 'userAddress'): Address {
  const raw = value.includes(':') ? (value.split(':').at(-1) ?? '') : value
  if (!isAddress(raw, { strict: false }))
    throw bad('SWAP_BAD_ADDRESS', `${field} must be an address (0x and 40 hex digits)`)
  return getAddress(raw)
}

/** A positive whole number of base units within uint256. */
export function parseAmount(value: string, field = 'amount'): bigint {
  if (!/^[0-9]{1,78}$/.test(value))
    throw bad(
      'SWAP_BAD_AMOUNT',
      `${field} must be a whole number of base units, got ${JSON.stringify(value.slice(0, 80))}`,
    )
  const amount = BigInt(value)
  if (amount === 0n) throw bad('SWAP_BAD_AMOUNT', `${field} must be more than 0`)
  if (amount > MAX_UINT256) throw bad('SWAP_BAD_AMOUNT', `${field} is larger than uint256`)
  return amount
}

/** The reference sends slippage as a percentage string ("1" is 1 %): 0.01 to 50. */
export function parseSlippage(value: string | undefined): number {
  if (value === undefined) return 100
  const percent = /^[0-9]{1,2}(\.[0-9]{1,2})?$/.test(value) ? Number(value) : Number.NaN
  if (!(percent > 0 && percent <= 50))
    throw bad(
      'SWAP_BAD_SLIPPAGE',
      `slippage must be a percentage above 0 and at most 50, got ${JSON.stringify(value.slice(0, 20))}`,
    )
  return Math.round(percent * 100)
}

export const caip10 = (token: TokenRef) => `eip155:${token.chainId}:${token.address}`
