import { formatEther, formatUnits, getAddress, type Hex, isAddress } from 'viem'
import { formatDecimal, formatUtc, t } from '../../../i18n/index.js'

/** Token metadata the review step reads from the chain; keys are lower-case addresses. */
export interface TokenInfo {
  symbol: string
  decimals: number
}
export type TokenBook = ReadonlyMap<string, TokenInfo>

/**
 * Approvals at or above 2^160 − 1 (Permit2's maximum; uint256 max is far above it) cannot be
 * meant as an amount: no token supply comes near, so the screen says "Unlimited".
 */
export const UNLIMITED_THRESHOLD = 2n ** 160n - 1n

export const isUnlimited = (amount: bigint) => amount >= UNLIMITED_THRESHOLD

export function address(value: unknown): string {
  const text = String(value)
  return isAddress(text, { strict: false }) ? getAddress(text) : text
}

export function tokenName(token: string, tokens?: TokenBook): string {
  const info = tokens?.get(token.toLowerCase())
  return info
    ? `${info.symbol} (${address(token)})`
    : t('token.unknown', { address: address(token) })
}

/** An amount in the token's units when its decimals are known, else the raw integer. */
export function amount(value: bigint, token: string | undefined, tokens?: TokenBook): string {
  if (isUnlimited(value)) return t('amount.unlimited')
  const info = token ? tokens?.get(token.toLowerCase()) : undefined
  if (!info) return t('amount.raw', { amount: formatDecimal(value.toString()) })
  return formatDecimal(formatUnits(value, info.decimals))
}

export function amountWithToken(value: bigint, token: string, tokens?: TokenBook): string {
  const info = tokens?.get(token.toLowerCase())
  if (isUnlimited(value))
    return t('amount.unlimitedToken', { token: info ? info.symbol : tokenName(token) })
  if (!info)
    return t('amount.rawOfToken', {
      amount: formatDecimal(value.toString()),
      token: tokenName(token),
    })
  return `${formatDecimal(formatUnits(value, info.decimals))} ${info.symbol}`
}

/** Wei in the chain's native currency, in the active locale's digits. */
export function nativeAmount(wei: bigint, symbol: string): string {
  return `${formatDecimal(formatEther(wei))} ${symbol}`
}

/** Unix seconds as a UTC date; 0 and dates past year 9999 mean "no expiry". */
export function date(seconds: bigint): string {
  if (seconds === 0n || seconds > 253402300799n) return t('date.noExpiry')
  return formatUtc(new Date(Number(seconds) * 1000))
}

export function bigint(value: unknown): bigint {
  if (typeof value === 'bigint') return value
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value)
  if (typeof value === 'string' && /^(0x[0-9a-fA-F]+|-?\d+)$/.test(value)) return BigInt(value)
  throw new TypeError(`not an integer: ${String(value)}`)
}

const networks: Record<number, string> = {
  1: 'Ethereum',
  10: 'OP Mainnet',
  56: 'BNB Smart Chain',
  137: 'Polygon',
  8453: 'Base',
  42161: 'Arbitrum One',
  11155111: 'Sepolia',
  84532: 'Base Sepolia',
}

export function network(chainId: number): string {
  const name = networks[chainId] ?? (chainId === 31337 ? t('network.local') : t('network.chain'))
  return t('network.name', { name, id: chainId })
}

export const shortHex = (hex: Hex) => t('bytes.count', { count: (hex.length - 2) / 2 })
