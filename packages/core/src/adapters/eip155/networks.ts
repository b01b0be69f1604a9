import type { Chain } from 'viem'
import type { CaipNetwork } from '../../networks/types.js'
import {
  arbitrum,
  arbitrumNova,
  aurora,
  avalanche,
  base,
  blast,
  bsc,
  celo,
  cronos,
  ether,
  gnosis,
  linea,
  mainnet,
  mantle,
  metis,
  mode,
  moonbeam,
  optimism,
  polygon,
  polygonZkEvm,
  scroll,
  unichain,
  zksync,
  zora,
} from './chains.js'
import {
  arbitrumSepolia,
  avalancheFuji,
  baseSepolia,
  blastSepolia,
  bscTestnet,
  celoSepolia,
  gnosisChiado,
  lineaSepolia,
  mantleSepoliaTestnet,
  optimismSepolia,
  polygonAmoy,
  scrollSepolia,
  sepolia,
  unichainSepolia,
  zksyncSepoliaTestnet,
  zoraSepolia,
} from './testnetChains.js'

/** An EVM network is a viem chain plus the CAIP fields, so it can be handed to viem and wagmi as is. */
export type EvmNetwork = Chain &
  CaipNetwork & { id: number; chainNamespace: 'eip155'; caipNetworkId: `eip155:${number}` }

/** Turns a viem chain into a Latch network; `imageId` names its icon on the Latch server. */
export function defineEvmNetwork(chain: Chain, imageId: string): EvmNetwork {
  return {
    ...chain,
    caipNetworkId: `eip155:${chain.id}`,
    chainNamespace: 'eip155',
    testnet: chain.testnet ?? false,
    assets: { imageId },
  } as EvmNetwork
}

/*
 * The EVM networks Latch ships (23 mainnets, 16 testnets), plain data copied from viem/chains
 * (evmChains.ts, evmTestnetChains.ts):
 *
 * Mainnets: Ethereum (1), OP Mainnet (10), Arbitrum One (42161), Arbitrum Nova (42170),
 * Base (8453), Polygon (137), Polygon zkEVM (1101), BNB Smart Chain (56), Avalanche (43114),
 * Gnosis (100), ZKsync Era (324), Linea (59144), Scroll (534352), Celo (42220), Mantle (5000),
 * Blast (81457), Zora (7777777), Aurora (1313161554), Mode (34443), Moonbeam (1284),
 * Metis (1088), Cronos (25), Unichain (130).
 *
 * Testnets: Sepolia (11155111), OP Sepolia (11155420), Arbitrum Sepolia (421614),
 * Base Sepolia (84532), Polygon Amoy (80002), BNB Smart Chain Testnet (97), Avalanche Fuji (43113),
 * Gnosis Chiado (10200), ZKsync Sepolia (300), Linea Sepolia (59141), Scroll Sepolia (534351),
 * Celo Sepolia (11142220), Mantle Sepolia (5003), Blast Sepolia (168587773),
 * Zora Sepolia (999999999), Unichain Sepolia (1301).
 *
 * The local dev chain (31337) is not in these lists: it is `devNetwork`, for dev builds only.
 */
export const ethereumNetwork = /*#__PURE__*/ defineEvmNetwork(mainnet, 'ethereum')
export const optimismNetwork = /*#__PURE__*/ defineEvmNetwork(optimism, 'optimism')
export const arbitrumNetwork = /*#__PURE__*/ defineEvmNetwork(arbitrum, 'arbitrum')
export const arbitrumNovaNetwork = /*#__PURE__*/ defineEvmNetwork(arbitrumNova, 'arbitrum-nova')
export const baseNetwork = /*#__PURE__*/ defineEvmNetwork(base, 'base')
export const polygonNetwork = /*#__PURE__*/ defineEvmNetwork(polygon, 'polygon')
export const polygonZkEvmNetwork = /*#__PURE__*/ defineEvmNetwork(polygonZkEvm, 'polygon-zkevm')
export const bscNetwork = /*#__PURE__*/ defineEvmNetwork(bsc, 'bnb')
export const avalancheNetwork = /*#__PURE__*/ defineEvmNetwork(avalanche, 'avalanche')
export const gnosisNetwork = /*#__PURE__*/ defineEvmNetwork(gnosis, 'gnosis')
export const zksyncNetwork = /*#__PURE__*/ defineEvmNetwork(zksync, 'zksync')
export const lineaNetwork = /*#__PURE__*/ defineEvmNetwork(linea, 'linea')
export const scrollNetwork = /*#__PURE__*/ defineEvmNetwork(scroll, 'scroll')
export const celoNetwork = /*#__PURE__*/ defineEvmNetwork(celo, 'celo')
export const mantleNetwork = /*#__PURE__*/ defineEvmNetwork(mantle, 'mantle')
export const blastNetwork = /*#__PURE__*/ defineEvmNetwork(blast, 'blast')
export const zoraNetwork = /*#__PURE__*/ defineEvmNetwork(zora, 'zora')
export const auroraNetwork = /*#__PURE__*/ defineEvmNetwork(aurora, 'aurora')
export const modeNetwork = /*#__PURE__*/ defineEvmNetwork(mode, 'mode')
export const moonbeamNetwork = /*#__PURE__*/ defineEvmNetwork(moonbeam, 'moonbeam')
export const metisNetwork = /*#__PURE__*/ defineEvmNetwork(metis, 'metis')
export const cronosNetwork = /*#__PURE__*/ defineEvmNetwork(cronos, 'cronos')
export const unichainNetwork = /*#__PURE__*/ defineEvmNetwork(unichain, 'unichain')

export const sepoliaNetwork = /*#__PURE__*/ defineEvmNetwork(sepolia, 'ethereum')
export const optimismSepoliaNetwork = /*#__PURE__*/ defineEvmNetwork(optimismSepolia, 'optimism')
export const arbitrumSepoliaNetwork = /*#__PURE__*/ defineEvmNetwork(arbitrumSepolia, 'arbitrum')
export const baseSepoliaNetwork = /*#__PURE__*/ defineEvmNetwork(baseSepolia, 'base')
export const polygonAmoyNetwork = /*#__PURE__*/ defineEvmNetwork(polygonAmoy, 'polygon')
export const bscTestnetNetwork = /*#__PURE__*/ defineEvmNetwork(bscTestnet, 'bnb')
export const avalancheFujiNetwork = /*#__PURE__*/ defineEvmNetwork(avalancheFuji, 'avalanche')
export const gnosisChiadoNetwork = /*#__PURE__*/ defineEvmNetwork(gnosisChiado, 'gnosis')
export const zksyncSepoliaNetwork = /*#__PURE__*/ defineEvmNetwork(zksyncSepoliaTestnet, 'zksync')
export const lineaSepoliaNetwork = /*#__PURE__*/ defineEvmNetwork(lineaSepolia, 'linea')
export const scrollSepoliaNetwork = /*#__PURE__*/ defineEvmNetwork(scrollSepolia, 'scroll')
export const celoSepoliaNetwork = /*#__PURE__*/ defineEvmNetwork(celoSepolia, 'celo')
export const mantleSepoliaNetwork = /*#__PURE__*/ defineEvmNetwork(mantleSepoliaTestnet, 'mantle')
export const blastSepoliaNetwork = /*#__PURE__*/ defineEvmNetwork(blastSepolia, 'blast')
export const zoraSepoliaNetwork = /*#__PURE__*/ defineEvmNetwork(zoraSepolia, 'zora')
export const unichainSepoliaNetwork = /*#__PURE__*/ defineEvmNetwork(unichainSepolia, 'unichain')

export const evmMainnets: readonly EvmNetwork[] = [
  ethereumNetwork,
  optimismNetwork,
  arbitrumNetwork,
  arbitrumNovaNetwork,
  baseNetwork,
  polygonNetwork,
  polygonZkEvmNetwork,
  bscNetwork,
  avalancheNetwork,
  gnosisNetwork,
  zksyncNetwork,
  lineaNetwork,
  scrollNetwork,
  celoNetwork,
  mantleNetwork,
  blastNetwork,
  zoraNetwork,
  auroraNetwork,
  modeNetwork,
  moonbeamNetwork,
  metisNetwork,
  cronosNetwork,
  unichainNetwork,
]

export const evmTestnets: readonly EvmNetwork[] = [
  sepoliaNetwork,
  optimismSepoliaNetwork,
  arbitrumSepoliaNetwork,
  baseSepoliaNetwork,
  polygonAmoyNetwork,
  bscTestnetNetwork,
  avalancheFujiNetwork,
  gnosisChiadoNetwork,
  zksyncSepoliaNetwork,
  lineaSepoliaNetwork,
  scrollSepoliaNetwork,
  celoSepoliaNetwork,
  mantleSepoliaNetwork,
  blastSepoliaNetwork,
  zoraSepoliaNetwork,
  unichainSepoliaNetwork,
]

// concat, not spread: a spread is an iterator call bundlers must keep, which would pull in every chain.
export const evmNetworks: readonly EvmNetwork[] = /*#__PURE__*/ evmMainnets.concat(evmTestnets)

export const DEV_CHAIN_ID = 31337
export const DEV_CHAIN_RPC_URL = 'http://127.0.0.1:8545'

/**
 * The local anvil chain. Not part of `evmNetworks`: a production build never offers it;
 * the web app adds it in development (and points it at another port when needed).
 */
export function createDevNetwork(rpcUrl: string = DEV_CHAIN_RPC_URL): EvmNetwork {
  return defineEvmNetwork(
    {
      id: DEV_CHAIN_ID,
      name: 'Latch Dev Chain',
      nativeCurrency: ether,
      testnet: true,
      rpcUrls: { default: { http: [rpcUrl] } },
    },
    'ethereum',
  )
}

export const devNetwork: EvmNetwork = /*#__PURE__*/ createDevNetwork()
