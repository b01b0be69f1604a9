import type { Chain } from 'viem'
import {
  anvil,
  arbitrum,
  arbitrumNova,
  arbitrumSepolia,
  aurora,
  avalanche,
  avalancheFuji,
  base,
  baseSepolia,
  blast,
  blastSepolia,
  bsc,
  bscTestnet,
  celo,
  celoSepolia,
  cronos,
  gnosis,
  gnosisChiado,
  linea,
  lineaSepolia,
  mainnet,
  mantle,
  mantleSepoliaTestnet,
  metis,
  mode,
  moonbeam,
  optimism,
  optimismSepolia,
  polygon,
  polygonAmoy,
  polygonZkEvm,
  scroll,
  scrollSepolia,
  sepolia,
  unichain,
  unichainSepolia,
  zksync,
  zksyncSepoliaTestnet,
  zora,
  zoraSepolia,
} from 'viem/chains'
import type { EvmNetwork } from './types.js'

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
 * The EVM networks Latch ships (23 mainnets, 16 testnets), all from viem/chains:
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
export const ethereumNetwork = defineEvmNetwork(mainnet, 'ethereum')
export const optimismNetwork = defineEvmNetwork(optimism, 'optimism')
export const arbitrumNetwork = defineEvmNetwork(arbitrum, 'arbitrum')
export const arbitrumNovaNetwork = defineEvmNetwork(arbitrumNova, 'arbitrum-nova')
export const baseNetwork = defineEvmNetwork(base, 'base')
export const polygonNetwork = defineEvmNetwork(polygon, 'polygon')
export const polygonZkEvmNetwork = defineEvmNetwork(polygonZkEvm, 'polygon-zkevm')
export const bscNetwork = defineEvmNetwork(bsc, 'bnb')
export const avalancheNetwork = defineEvmNetwork(avalanche, 'avalanche')
export const gnosisNetwork = defineEvmNetwork(gnosis, 'gnosis')
export const zksyncNetwork = defineEvmNetwork(zksync, 'zksync')
export const lineaNetwork = defineEvmNetwork(linea, 'linea')
export const scrollNetwork = defineEvmNetwork(scroll, 'scroll')
export const celoNetwork = defineEvmNetwork(celo, 'celo')
export const mantleNetwork = defineEvmNetwork(mantle, 'mantle')
export const blastNetwork = defineEvmNetwork(blast, 'blast')
export const zoraNetwork = defineEvmNetwork(zora, 'zora')
export const auroraNetwork = defineEvmNetwork(aurora, 'aurora')
export const modeNetwork = defineEvmNetwork(mode, 'mode')
export const moonbeamNetwork = defineEvmNetwork(moonbeam, 'moonbeam')
export const metisNetwork = defineEvmNetwork(metis, 'metis')
export const cronosNetwork = defineEvmNetwork(cronos, 'cronos')
export const unichainNetwork = defineEvmNetwork(unichain, 'unichain')

export const sepoliaNetwork = defineEvmNetwork(sepolia, 'ethereum')
export const optimismSepoliaNetwork = defineEvmNetwork(optimismSepolia, 'optimism')
export const arbitrumSepoliaNetwork = defineEvmNetwork(arbitrumSepolia, 'arbitrum')
export const baseSepoliaNetwork = defineEvmNetwork(baseSepolia, 'base')
export const polygonAmoyNetwork = defineEvmNetwork(polygonAmoy, 'polygon')
export const bscTestnetNetwork = defineEvmNetwork(bscTestnet, 'bnb')
export const avalancheFujiNetwork = defineEvmNetwork(avalancheFuji, 'avalanche')
export const gnosisChiadoNetwork = defineEvmNetwork(gnosisChiado, 'gnosis')
export const zksyncSepoliaNetwork = defineEvmNetwork(zksyncSepoliaTestnet, 'zksync')
export const lineaSepoliaNetwork = defineEvmNetwork(lineaSepolia, 'linea')
export const scrollSepoliaNetwork = defineEvmNetwork(scrollSepolia, 'scroll')
export const celoSepoliaNetwork = defineEvmNetwork(celoSepolia, 'celo')
export const mantleSepoliaNetwork = defineEvmNetwork(mantleSepoliaTestnet, 'mantle')
export const blastSepoliaNetwork = defineEvmNetwork(blastSepolia, 'blast')
export const zoraSepoliaNetwork = defineEvmNetwork(zoraSepolia, 'zora')
export const unichainSepoliaNetwork = defineEvmNetwork(unichainSepolia, 'unichain')

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

export const evmNetworks: readonly EvmNetwork[] = [...evmMainnets, ...evmTestnets]

export const DEV_CHAIN_ID = 31337
export const DEV_CHAIN_RPC_URL = 'http://127.0.0.1:8545'

/**
 * The local anvil chain. Not part of `evmNetworks`: a production build never offers it;
 * the web app adds it in development (and points it at another port when needed).
 */
export function createDevNetwork(rpcUrl: string = DEV_CHAIN_RPC_URL): EvmNetwork {
  return defineEvmNetwork(
    {
      ...anvil,
      name: 'Latch Dev Chain',
      testnet: true,
      rpcUrls: { default: { http: [rpcUrl] } },
    },
    'ethereum',
  )
}

export const devNetwork: EvmNetwork = createDevNetwork()
