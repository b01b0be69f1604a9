import type { Chain } from 'viem'

/*
 * Plain chain data for the EVM mainnets Latch ships, copied from viem/chains (viem 2.57.1) and kept
 * equal to it by evmChains.test.ts. Only what wagmi and viem read for connecting, switching, balances
 * and reads: id, name, currency, RPC and explorer URLs, block time (polling), sourceId, and the
 * multicall3 / ENS / ERC-6492 contracts. viem's chain-specific formatters and serializers (OP stack
 * deposits, Celo fee currencies, ZKsync EIP-712 transactions) and fee hooks (Linea, Celo) are left
 * out: importing viem/chains pulls them (and its whole barrel) into every page. An app that builds
 * those transaction types itself passes viem's full chain to `defineEvmNetwork` instead.
 */

export const MULTICALL3 = '0xcA11bde05977b3631167028862bE2a173976CA11'

export const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 } as const

export const mainnet = {
  id: 1,
  name: 'Ethereum',
  nativeCurrency: ether,
  blockTime: 12_000,
  rpcUrls: { default: { http: ['https://ethereum.reth.rs/rpc'] } },
  blockExplorers: {
    default: {
      name: 'Etherscan',
      url: 'https://etherscan.io',
      apiUrl: 'https://api.etherscan.io/api',
    },
  },
  contracts: {
    multicall3: { address: MULTICALL3, blockCreated: 14_353_601 },
    ensUniversalResolver: {
      address: '0xeeeeeeee14d718c2b47d9923deab1335e144eeee',
      blockCreated: 23_085_558,
    },
  },
} as const satisfies Chain

export const optimism = {
  id: 10,
  name: 'OP Mainnet',
  nativeCurrency: ether,
  blockTime: 2000,
  rpcUrls: { default: { http: ['https://mainnet.optimism.io'] } },
  blockExplorers: {
    default: {
      name: 'Optimism Explorer',
      url: 'https://optimistic.etherscan.io',
      apiUrl: 'https://api-optimistic.etherscan.io/api',
    },
  },
  contracts: { multicall3: { address: MULTICALL3, blockCreated: 4_286_263 } },
  sourceId: 1,
} as const satisfies Chain

export const arbitrum = {
  id: 42161,
  name: 'Arbitrum One',
  nativeCurrency: ether,
  blockTime: 250,
  rpcUrls: { default: { http: ['https://arb1.arbitrum.io/rpc'] } },
  blockExplorers: {
    default: {
      name: 'Arbiscan',
      url: 'https://arbiscan.io',
      apiUrl: 'https://api.arbiscan.io/api',
    },
  },
  contracts: { multicall3: { address: MULTICALL3, blockCreated: 7_654_707 } },
} as const satisfies Chain

export const arbitrumNova = {
  id: 42170,
  name: 'Arbitrum Nova',
  nativeCurrency: ether,
  rpcUrls: { default: { http: ['https://nova.arbitrum.io/rpc'] } },
  blockExplorers: {
    default: {
      name: 'Arbiscan',
      url: 'https://nova.arbiscan.io',
      apiUrl: 'https://api-nova.arbiscan.io/api',
    },
  },
  contracts: { multicall3: { address: MULTICALL3, blockCreated: 1_746_963 } },
} as const satisfies Chain

export const base = {
  id: 8453,
  name: 'Base',
  nativeCurrency: ether,
  blockTime: 2000,
  rpcUrls: { default: { http: ['https://mainnet.base.org'] } },
  blockExplorers: {
    default: {
      name: 'Basescan',
      url: 'https://basescan.org',
      apiUrl: 'https://api.basescan.org/api',
    },
  },
  contracts: { multicall3: { address: MULTICALL3, blockCreated: 5022 } },
  sourceId: 1,
} as const satisfies Chain

export const polygon = {
  id: 137,
  name: 'Polygon',
  nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
  blockTime: 2000,
  rpcUrls: { default: { http: ['https://polygon.drpc.org'] } },
  blockExplorers: {
    default: {
      name: 'PolygonScan',
      url: 'https://polygonscan.com',
      apiUrl: 'https://api.etherscan.io/v2/api',
    },
  },
  contracts: { multicall3: { address: MULTICALL3, blockCreated: 25_770_160 } },
} as const satisfies Chain

export const polygonZkEvm = {
  id: 1101,
  name: 'Polygon zkEVM',
  nativeCurrency: ether,
  rpcUrls: { default: { http: ['https://zkevm-rpc.com'] } },
  blockExplorers: {
    default: {
      name: 'PolygonScan',
      url: 'https://zkevm.polygonscan.com',
      apiUrl: 'https://api-zkevm.polygonscan.com/api',
    },
  },
  contracts: { multicall3: { address: MULTICALL3, blockCreated: 57_746 } },
} as const satisfies Chain

export const bsc = {
  id: 56,
  name: 'BNB Smart Chain',
  nativeCurrency: { decimals: 18, name: 'BNB', symbol: 'BNB' },
  blockTime: 750,
  rpcUrls: { default: { http: ['https://56.rpc.thirdweb.com'] } },
  blockExplorers: {
    default: { name: 'BscScan', url: 'https://bscscan.com', apiUrl: 'https://api.bscscan.com/api' },
  },
  contracts: { multicall3: { address: MULTICALL3, blockCreated: 15_921_452 } },
} as const satisfies Chain

export const avalanche = {
  id: 43114,
  name: 'Avalanche',
  nativeCurrency: { decimals: 18, name: 'Avalanche', symbol: 'AVAX' },
  blockTime: 1700,
  rpcUrls: { default: { http: ['https://api.avax.network/ext/bc/C/rpc'] } },
  blockExplorers: {
    default: { name: 'SnowTrace', url: 'https://snowtrace.io', apiUrl: 'https://api.snowtrace.io' },
  },
  contracts: { multicall3: { address: MULTICALL3, blockCreated: 11_907_934 } },
} as const satisfies Chain

export const gnosis = {
  id: 100,
  name: 'Gnosis',
  nativeCurrency: { decimals: 18, name: 'xDAI', symbol: 'XDAI' },
  blockTime: 5000,
  rpcUrls: {
    default: {
      http: ['https://rpc.gnosischain.com'],
      webSocket: ['wss://rpc.gnosischain.com/wss'],
    },
  },
  blockExplorers: {
    default: {
      name: 'Gnosisscan',
      url: 'https://gnosisscan.io',
      apiUrl: 'https://api.gnosisscan.io/api',
    },
  },
  contracts: { multicall3: { address: MULTICALL3, blockCreated: 21_022_491 } },
} as const satisfies Chain

export const zksync = {
  id: 324,
  name: 'ZKsync Era',
  nativeCurrency: ether,
  blockTime: 200,
  rpcUrls: {
    default: {
      http: ['https://mainnet.era.zksync.io'],
      webSocket: ['wss://mainnet.era.zksync.io/ws'],
    },
  },
  blockExplorers: {
    default: {
      name: 'ZKsync Explorer',
      url: 'https://explorer.zksync.io/',
      apiUrl: 'https://block-explorer-api.mainnet.zksync.io/api',
    },
  },
  contracts: {
    multicall3: { address: '0xF9cda624FBC7e059355ce98a31693d299FACd963', blockCreated: 3_908_235 },
    erc6492Verifier: {
      address: '0xfB688330379976DA81eB64Fe4BF50d7401763B9C',
      blockCreated: 45_659_388,
    },
  },
} as const satisfies Chain

export const linea = {
  id: 59144,
  name: 'Linea Mainnet',
  nativeCurrency: { name: 'Linea Ether', symbol: 'ETH', decimals: 18 },
  blockTime: 2000,
  rpcUrls: { default: { http: ['https://rpc.linea.build'], webSocket: ['wss://rpc.linea.build'] } },
  blockExplorers: {
    default: {
      name: 'Etherscan',
      url: 'https://lineascan.build',
      apiUrl: 'https://api.lineascan.build/api',
    },
  },
  contracts: {
    multicall3: { address: MULTICALL3, blockCreated: 42 },
    ensRegistry: { address: '0x50130b669B28C339991d8676FA73CF122a121267', blockCreated: 6_682_888 },
    ensUniversalResolver: {
      address: '0x4D41762915F83c76EcaF6776d9b08076aA32b492',
      blockCreated: 22_222_151,
    },
  },
  ensTlds: ['.linea.eth'],
  testnet: false,
} as const satisfies Chain

export const scroll = {
  id: 534352,
  name: 'Scroll',
  nativeCurrency: ether,
  blockTime: 3000,
  rpcUrls: {
    default: { http: ['https://rpc.scroll.io'], webSocket: ['wss://wss-rpc.scroll.io/ws'] },
  },
  blockExplorers: {
    default: {
      name: 'Scrollscan',
      url: 'https://scrollscan.com',
      apiUrl: 'https://api.scrollscan.com/api',
    },
  },
  contracts: { multicall3: { address: MULTICALL3, blockCreated: 14 } },
  testnet: false,
} as const satisfies Chain

export const celo = {
  id: 42220,
  name: 'Celo',
  nativeCurrency: { decimals: 18, name: 'CELO', symbol: 'CELO' },
  blockTime: 1000,
  rpcUrls: { default: { http: ['https://forno.celo.org'] } },
  blockExplorers: {
    default: {
      name: 'Celo Explorer',
      url: 'https://celoscan.io',
      apiUrl: 'https://api.celoscan.io/api',
    },
  },
  contracts: { multicall3: { address: MULTICALL3, blockCreated: 13_112_599 } },
  testnet: false,
} as const satisfies Chain

export const mantle = {
  id: 5000,
  name: 'Mantle',
  nativeCurrency: { decimals: 18, name: 'MNT', symbol: 'MNT' },
  rpcUrls: { default: { http: ['https://rpc.mantle.xyz'] } },
  blockExplorers: {
    default: {
      name: 'Mantle Explorer',
      url: 'https://mantlescan.xyz/',
      apiUrl: 'https://api.mantlescan.xyz/api',
    },
  },
  contracts: { multicall3: { address: MULTICALL3, blockCreated: 304_717 } },
} as const satisfies Chain

export const blast = {
  id: 81457,
  name: 'Blast',
  nativeCurrency: ether,
  blockTime: 2000,
  rpcUrls: { default: { http: ['https://rpc.blast.io'] } },
  blockExplorers: {
    default: {
      name: 'Blastscan',
      url: 'https://blastscan.io',
      apiUrl: 'https://api.blastscan.io/api',
    },
  },
  contracts: { multicall3: { address: MULTICALL3, blockCreated: 212_929 } },
  sourceId: 1,
} as const satisfies Chain

export const zora = {
  id: 7777777,
  name: 'Zora',
  nativeCurrency: ether,
  blockTime: 2000,
  rpcUrls: { default: { http: ['https://rpc.zora.energy'], webSocket: ['wss://rpc.zora.energy'] } },
  blockExplorers: {
    default: {
      name: 'Explorer',
      url: 'https://explorer.zora.energy',
      apiUrl: 'https://explorer.zora.energy/api',
    },
  },
  contracts: { multicall3: { address: MULTICALL3, blockCreated: 5882 } },
  sourceId: 1,
} as const satisfies Chain

export const aurora = {
  id: 1313161554,
  name: 'Aurora',
  nativeCurrency: ether,
  rpcUrls: { default: { http: ['https://mainnet.aurora.dev'] } },
  blockExplorers: {
    default: {
      name: 'Aurorascan',
      url: 'https://aurorascan.dev',
      apiUrl: 'https://aurorascan.dev/api',
    },
  },
  contracts: { multicall3: { address: MULTICALL3, blockCreated: 62_907_816 } },
} as const satisfies Chain

export const mode = {
  id: 34443,
  name: 'Mode Mainnet',
  nativeCurrency: ether,
  blockTime: 2000,
  rpcUrls: { default: { http: ['https://mainnet.mode.network'] } },
  blockExplorers: { default: { name: 'Modescan', url: 'https://modescan.io' } },
  contracts: { multicall3: { address: MULTICALL3, blockCreated: 2_465_882 } },
  sourceId: 1,
} as const satisfies Chain

export const moonbeam = {
  id: 1284,
  name: 'Moonbeam',
  nativeCurrency: { decimals: 18, name: 'Moonbeam', symbol: 'GLMR' },
  rpcUrls: {
    default: {
      http: ['https://rpc.api.moonbeam.network'],
      webSocket: ['wss://wss.api.moonbeam.network'],
    },
  },
  blockExplorers: {
    default: {
      name: 'Moonscan',
      url: 'https://moonscan.io',
      apiUrl: 'https://api-moonbeam.moonscan.io/api',
    },
  },
  contracts: { multicall3: { address: MULTICALL3, blockCreated: 609_002 } },
  testnet: false,
} as const satisfies Chain

export const metis = {
  id: 1088,
  name: 'Metis',
  nativeCurrency: { decimals: 18, name: 'Metis', symbol: 'METIS' },
  rpcUrls: {
    default: {
      http: [
        'https://metis.rpc.hypersync.xyz',
        'https://metis-pokt.nodies.app',
        'https://api.blockeden.xyz/metis/67nCBdZQSH9z3YqDDjdm',
        'https://metis-andromeda.rpc.thirdweb.com',
        'https://metis-andromeda.gateway.tenderly.co',
        'https://metis.api.onfinality.io/public',
        'https://andromeda.metis.io/?owner=1088',
        'https://metis-mainnet.public.blastapi.io',
      ],
      webSocket: ['wss://metis-rpc.publicnode.com', 'wss://metis.drpc.org'],
    },
  },
  blockExplorers: {
    default: {
      name: 'Metis Explorer',
      url: 'https://explorer.metis.io',
      apiUrl: 'https://api.routescan.io/v2/network/mainnet/evm/1088/etherscan/api',
    },
  },
  contracts: { multicall3: { address: MULTICALL3, blockCreated: 2_338_552 } },
} as const satisfies Chain

export const cronos = {
  id: 25,
  name: 'Cronos Mainnet',
  nativeCurrency: { decimals: 18, name: 'Cronos', symbol: 'CRO' },
  rpcUrls: { default: { http: ['https://evm.cronos.org'] } },
  blockExplorers: {
    default: {
      name: 'Cronos Explorer',
      url: 'https://explorer.cronos.org',
      apiUrl: 'https://explorer-api.cronos.org/mainnet/api',
    },
  },
  contracts: { multicall3: { address: MULTICALL3, blockCreated: 1_963_112 } },
} as const satisfies Chain

export const unichain = {
  id: 130,
  name: 'Unichain',
  nativeCurrency: ether,
  blockTime: 1000,
  rpcUrls: { default: { http: ['https://mainnet.unichain.org/'] } },
  blockExplorers: {
    default: { name: 'Uniscan', url: 'https://uniscan.xyz', apiUrl: 'https://api.uniscan.xyz/api' },
  },
  contracts: { multicall3: { address: MULTICALL3, blockCreated: 0 } },
  sourceId: 1,
} as const satisfies Chain
