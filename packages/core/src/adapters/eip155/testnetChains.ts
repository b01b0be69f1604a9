import type { Chain } from 'viem'
import { ether, MULTICALL3 } from './chains.js'

/* Plain chain data for the EVM testnets Latch ships; see evmChains.ts for what is kept and why. */

export const sepolia = {
  id: 11155111,
  name: 'Sepolia',
  nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://11155111.rpc.thirdweb.com'] } },
  blockExplorers: {
    default: {
      name: 'Etherscan',
      url: 'https://sepolia.etherscan.io',
      apiUrl: 'https://api-sepolia.etherscan.io/api',
    },
  },
  contracts: {
    multicall3: { address: MULTICALL3, blockCreated: 751_532 },
    ensUniversalResolver: {
      address: '0xeeeeeeee14d718c2b47d9923deab1335e144eeee',
      blockCreated: 8_928_790,
    },
  },
  testnet: true,
} as const satisfies Chain

export const optimismSepolia = {
  id: 11155420,
  name: 'OP Sepolia',
  nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  blockTime: 2000,
  rpcUrls: { default: { http: ['https://sepolia.optimism.io'] } },
  blockExplorers: {
    default: {
      name: 'Blockscout',
      url: 'https://optimism-sepolia.blockscout.com',
      apiUrl: 'https://optimism-sepolia.blockscout.com/api',
    },
  },
  contracts: { multicall3: { address: MULTICALL3, blockCreated: 1_620_204 } },
  sourceId: 11_155_111,
  testnet: true,
} as const satisfies Chain

export const arbitrumSepolia = {
  id: 421614,
  name: 'Arbitrum Sepolia',
  nativeCurrency: { name: 'Arbitrum Sepolia Ether', symbol: 'ETH', decimals: 18 },
  blockTime: 250,
  rpcUrls: { default: { http: ['https://sepolia-rollup.arbitrum.io/rpc'] } },
  blockExplorers: {
    default: {
      name: 'Arbiscan',
      url: 'https://sepolia.arbiscan.io',
      apiUrl: 'https://api-sepolia.arbiscan.io/api',
    },
  },
  contracts: { multicall3: { address: MULTICALL3, blockCreated: 81_930 } },
  testnet: true,
} as const satisfies Chain

export const baseSepolia = {
  id: 84532,
  name: 'Base Sepolia',
  nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  blockTime: 2000,
  rpcUrls: { default: { http: ['https://sepolia.base.org'] } },
  blockExplorers: {
    default: {
      name: 'Basescan',
      url: 'https://sepolia.basescan.org',
      apiUrl: 'https://api-sepolia.basescan.org/api',
    },
  },
  contracts: { multicall3: { address: MULTICALL3, blockCreated: 1_059_647 } },
  sourceId: 11_155_111,
  testnet: true,
} as const satisfies Chain

export const polygonAmoy = {
  id: 80002,
  name: 'Polygon Amoy',
  nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
  rpcUrls: { default: { http: ['https://polygon-amoy.drpc.org'] } },
  blockExplorers: {
    default: {
      name: 'PolygonScan',
      url: 'https://amoy.polygonscan.com',
      apiUrl: 'https://api.etherscan.io/v2/api',
    },
  },
  contracts: { multicall3: { address: MULTICALL3, blockCreated: 3_127_388 } },
  testnet: true,
} as const satisfies Chain

export const bscTestnet = {
  id: 97,
  name: 'BNB Smart Chain Testnet',
  nativeCurrency: { decimals: 18, name: 'BNB', symbol: 'tBNB' },
  rpcUrls: { default: { http: ['https://data-seed-prebsc-1-s1.bnbchain.org:8545'] } },
  blockExplorers: {
    default: {
      name: 'BscScan',
      url: 'https://testnet.bscscan.com',
      apiUrl: 'https://api-testnet.bscscan.com/api',
    },
  },
  contracts: { multicall3: { address: MULTICALL3, blockCreated: 17_422_483 } },
  testnet: true,
} as const satisfies Chain

export const avalancheFuji = {
  id: 43113,
  name: 'Avalanche Fuji',
  nativeCurrency: { decimals: 18, name: 'Avalanche Fuji', symbol: 'AVAX' },
  rpcUrls: { default: { http: ['https://api.avax-test.network/ext/bc/C/rpc'] } },
  blockExplorers: {
    default: {
      name: 'SnowTrace',
      url: 'https://testnet.snowtrace.io',
      apiUrl: 'https://api-testnet.snowtrace.io',
    },
  },
  contracts: { multicall3: { address: MULTICALL3, blockCreated: 7_096_959 } },
  testnet: true,
} as const satisfies Chain

export const gnosisChiado = {
  id: 10200,
  name: 'Gnosis Chiado',
  nativeCurrency: { decimals: 18, name: 'Gnosis', symbol: 'xDAI' },
  blockTime: 5000,
  rpcUrls: {
    default: {
      http: ['https://rpc.chiadochain.net'],
      webSocket: ['wss://rpc.chiadochain.net/wss'],
    },
  },
  blockExplorers: {
    default: {
      name: 'Blockscout',
      url: 'https://blockscout.chiadochain.net',
      apiUrl: 'https://blockscout.chiadochain.net/api',
    },
  },
  contracts: { multicall3: { address: MULTICALL3, blockCreated: 4_967_313 } },
  testnet: true,
} as const satisfies Chain

export const zksyncSepoliaTestnet = {
  id: 300,
  name: 'ZKsync Sepolia Testnet',
  nativeCurrency: ether,
  blockTime: 200,
  rpcUrls: {
    default: {
      http: ['https://sepolia.era.zksync.dev'],
      webSocket: ['wss://sepolia.era.zksync.dev/ws'],
    },
  },
  blockExplorers: {
    default: {
      name: 'ZKsync Explorer',
      url: 'https://sepolia.explorer.zksync.io/',
    },
  },
  contracts: {
    multicall3: { address: '0xF9cda624FBC7e059355ce98a31693d299FACd963' },
    erc6492Verifier: {
      address: '0xfB688330379976DA81eB64Fe4BF50d7401763B9C',
      blockCreated: 3_855_712,
    },
  },
  testnet: true,
} as const satisfies Chain

export const lineaSepolia = {
  id: 59141,
  name: 'Linea Sepolia Testnet',
  nativeCurrency: { name: 'Linea Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: {
    default: {
      http: ['https://rpc.sepolia.linea.build'],
      webSocket: ['wss://rpc.sepolia.linea.build'],
    },
  },
  blockExplorers: {
    default: {
      name: 'Etherscan',
      url: 'https://sepolia.lineascan.build',
      apiUrl: 'https://api-sepolia.lineascan.build/api',
    },
  },
  contracts: {
    multicall3: { address: MULTICALL3, blockCreated: 227_427 },
    ensRegistry: { address: '0x5B2636F0f2137B4aE722C01dd5122D7d3e9541f7', blockCreated: 2_395_094 },
    ensUniversalResolver: {
      address: '0x4D41762915F83c76EcaF6776d9b08076aA32b492',
      blockCreated: 17_168_484,
    },
  },
  ensTlds: ['.linea.eth'],
  testnet: true,
} as const satisfies Chain

export const scrollSepolia = {
  id: 534351,
  name: 'Scroll Sepolia',
  nativeCurrency: ether,
  rpcUrls: { default: { http: ['https://sepolia-rpc.scroll.io'] } },
  blockExplorers: {
    default: {
      name: 'Scrollscan',
      url: 'https://sepolia.scrollscan.com',
      apiUrl: 'https://api-sepolia.scrollscan.com/api',
    },
  },
  contracts: { multicall3: { address: MULTICALL3, blockCreated: 9473 } },
  testnet: true,
} as const satisfies Chain

export const celoSepolia = {
  id: 11142220,
  name: 'Celo Sepolia Testnet',
  nativeCurrency: { decimals: 18, name: 'CELO', symbol: 'S-CELO' },
  blockTime: 1000,
  rpcUrls: { default: { http: ['https://forno.celo-sepolia.celo-testnet.org'] } },
  blockExplorers: {
    default: {
      name: 'Celo Sepolia Explorer',
      url: 'https://celo-sepolia.blockscout.com/',
      apiUrl: 'https://celo-sepolia.blockscout.com/api',
    },
  },
  contracts: { multicall3: { address: MULTICALL3, blockCreated: 1 } },
  testnet: true,
} as const satisfies Chain

export const mantleSepoliaTestnet = {
  id: 5003,
  name: 'Mantle Sepolia Testnet',
  nativeCurrency: { decimals: 18, name: 'MNT', symbol: 'MNT' },
  rpcUrls: { default: { http: ['https://rpc.sepolia.mantle.xyz'] } },
  blockExplorers: {
    default: {
      name: 'Mantle Testnet Explorer',
      url: 'https://explorer.sepolia.mantle.xyz/',
      apiUrl: 'https://explorer.sepolia.mantle.xyz/api',
    },
  },
  contracts: { multicall3: { address: MULTICALL3, blockCreated: 4_584_012 } },
  testnet: true,
} as const satisfies Chain

export const blastSepolia = {
  id: 168587773,
  name: 'Blast Sepolia',
  nativeCurrency: ether,
  rpcUrls: { default: { http: ['https://sepolia.blast.io'] } },
  blockExplorers: {
    default: {
      name: 'Blastscan',
      url: 'https://sepolia.blastscan.io',
      apiUrl: 'https://api-sepolia.blastscan.io/api',
    },
  },
  contracts: { multicall3: { address: MULTICALL3, blockCreated: 756_690 } },
  sourceId: 11_155_111,
  testnet: true,
} as const satisfies Chain

export const zoraSepolia = {
  id: 999999999,
  name: 'Zora Sepolia',
  nativeCurrency: { decimals: 18, name: 'Zora Sepolia', symbol: 'ETH' },
  blockTime: 2000,
  rpcUrls: {
    default: {
      http: ['https://sepolia.rpc.zora.energy'],
      webSocket: ['wss://sepolia.rpc.zora.energy'],
    },
  },
  blockExplorers: {
    default: {
      name: 'Zora Sepolia Explorer',
      url: 'https://sepolia.explorer.zora.energy/',
      apiUrl: 'https://sepolia.explorer.zora.energy/api',
    },
  },
  contracts: { multicall3: { address: MULTICALL3, blockCreated: 83_160 } },
  sourceId: 11_155_111,
  testnet: true,
} as const satisfies Chain

export const unichainSepolia = {
  id: 1301,
  name: 'Unichain Sepolia',
  nativeCurrency: ether,
  blockTime: 1000,
  rpcUrls: { default: { http: ['https://sepolia.unichain.org'] } },
  blockExplorers: {
    default: {
      name: 'Uniscan',
      url: 'https://sepolia.uniscan.xyz',
      apiUrl: 'https://api-sepolia.uniscan.xyz/api',
    },
  },
  contracts: { multicall3: { address: MULTICALL3, blockCreated: 0 } },
  sourceId: 11_155_111,
  testnet: true,
} as const satisfies Chain
