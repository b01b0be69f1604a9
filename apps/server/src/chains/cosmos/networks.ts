import { bech32 } from '@scure/base'

/**
 * The Cosmos chains this server knows, by CAIP-2 (`cosmos:<chain id>`, CAIP-5): the address
 * prefix each chain's accounts use and the bank denoms it shows with display units. A chain's
 * other denoms (IBC vouchers, factory tokens) are shown in their base units under their own name.
 * The dev chain is scripts/cosmos's (docs/cosmos-node.md): it shares the Hub's prefix, so chains
 * are told apart by chain id, never by prefix.
 */

export interface CosmosDenom {
  /** The base denom the bank module keeps, e.g. `uatom`. */
  base: string
  name: string
  symbol: string
  /** Display = base / 10^exponent. */
  exponent: number
}

export interface CosmosNetwork {
  caip2: string
  chainId: string
  name: string
  /** Bech32 human-readable part of its accounts' addresses. */
  prefix: string
  /** The first is the fee (native) denom. */
  denoms: readonly CosmosDenom[]
}

export const COSMOS = 'cosmos'
/** CAIP-5: a chain id of 1–32 characters of these. */
export const COSMOS_CAIP2 = /^cosmos:[-_a-zA-Z0-9]{1,32}$/
export const DEV_CHAIN_ID = 'latchdev-1'
export const DEV_CAIP2 = `cosmos:${DEV_CHAIN_ID}`

const network = (chainId: string, name: string, prefix: string, denoms: CosmosDenom[]) => ({
  caip2: `${COSMOS}:${chainId}`,
  chainId,
  name,
  prefix,
  denoms,
})

export const COSMOS_NETWORKS: readonly CosmosNetwork[] = [
  network('cosmoshub-4', 'Cosmos Hub', 'cosmos', [
    { base: 'uatom', name: 'Cosmos Hub Atom', symbol: 'ATOM', exponent: 6 },
  ]),
  network('osmosis-1', 'Osmosis', 'osmo', [
    { base: 'uosmo', name: 'Osmosis', symbol: 'OSMO', exponent: 6 },
    { base: 'uion', name: 'Ion', symbol: 'ION', exponent: 6 },
  ]),
  network('celestia', 'Celestia', 'celestia', [
    { base: 'utia', name: 'Celestia', symbol: 'TIA', exponent: 6 },
  ]),
  network(DEV_CHAIN_ID, 'Latch Dev Chain', 'cosmos', [
    { base: 'ustake', name: 'Stake', symbol: 'STAKE', exponent: 6 },
    { base: 'ulatch', name: 'Latch', symbol: 'LATCH', exponent: 6 },
  ]),
]

export const networkOf = (caip2: string) => COSMOS_NETWORKS.find((n) => n.caip2 === caip2)

/** How a denom is shown on a chain: its registry entry, else its base units under its own name. */
export function denomOf(network: CosmosNetwork, denom: string): CosmosDenom {
  return (
    network.denoms.find((d) => d.base === denom) ?? {
      base: denom,
      name: denom,
      symbol: denom,
      exponent: 0,
    }
  )
}

/** Base units (a decimal integer string) in display units: ("1500000", 6) → "1.5". */
export function displayAmount(amount: string, exponent: number): string {
  if (!/^[0-9]+$/.test(amount)) throw new Error(`not an amount: ${amount.slice(0, 40)}`)
  const units = BigInt(amount)
  if (exponent === 0) return units.toString()
  const scale = 10n ** BigInt(exponent)
  const fraction = (units % scale).toString().padStart(exponent, '0').replace(/0+$/, '')
  return `${units / scale}${fraction ? `.${fraction}` : ''}`
}

/** A decoded bech32 account address (checksum verified), lower-cased as nodes write it. */
export interface ParsedAddress {
  address: string
  prefix: string
}

/**
 * An account address: bech32 with a valid checksum, a 20-byte key hash or a 32-byte module or
 * interchain account; undefined otherwise. Mixed case is refused, as bech32 requires.
 */
export function parseCosmosAddress(address: string): ParsedAddress | undefined {
  if (address.length < 8 || address.length > 90 || !/^[a-zA-Z0-9]+$/.test(address)) return undefined
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return undefined
  try {
    // Addresses are at most 90 characters (BIP-173's limit, which SDK addresses keep).
    const { prefix, words } = bech32.decode(address.toLowerCase() as `${string}1${string}`, 90)
    const data = bech32.fromWords(words)
    if (data.length !== 20 && data.length !== 32) return undefined
    return { address: address.toLowerCase(), prefix }
  } catch {
    return undefined
  }
}

/** Whether the text could be meant as an account of a known Cosmos chain. */
export function looksLikeCosmosAddress(address: string): boolean {
  const parsed = parseCosmosAddress(address)
  return parsed !== undefined && COSMOS_NETWORKS.some((n) => n.prefix === parsed.prefix)
}
