/** CAIP-2 ids the curated catalogue refers to (the same ids @latch/core's networks use). */
export const ETHEREUM = 'eip155:1'
export const OPTIMISM = 'eip155:10'
export const BSC = 'eip155:56'
export const GNOSIS = 'eip155:100'
export const POLYGON = 'eip155:137'
export const ZKSYNC = 'eip155:324'
export const BASE = 'eip155:8453'
export const ARBITRUM = 'eip155:42161'
export const CELO = 'eip155:42220'
export const AVALANCHE = 'eip155:43114'
export const LINEA = 'eip155:59144'
export const RONIN = 'eip155:2020'
export const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
export const BITCOIN = 'bip122:000000000019d6689c085ae165831e93'
export const POLKADOT = 'polkadot:91b171bb158e2d3848fa23a9f1c25182'
export const COSMOS_HUB = 'cosmos:cosmoshub-4'

/** The large EVM networks a general-purpose EVM wallet connects to out of the box. */
export const EVM = [
  ETHEREUM,
  OPTIMISM,
  BSC,
  GNOSIS,
  POLYGON,
  ZKSYNC,
  BASE,
  ARBITRUM,
  AVALANCHE,
  LINEA,
]

export function namespaceOf(caipNetworkId: string): string {
  return caipNetworkId.split(':', 1)[0] ?? ''
}
