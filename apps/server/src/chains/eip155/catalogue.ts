import type { FamilyCatalogue } from '../types.js'

// CAIP-2 ids the curated catalogue refers to (the same ids @latch/core's networks use).
const ETHEREUM = 'eip155:1'
const OPTIMISM = 'eip155:10'
const BSC = 'eip155:56'
const GNOSIS = 'eip155:100'
const POLYGON = 'eip155:137'
const ZKSYNC = 'eip155:324'
const BASE = 'eip155:8453'
const ARBITRUM = 'eip155:42161'
const CELO = 'eip155:42220'
const AVALANCHE = 'eip155:43114'
const LINEA = 'eip155:59144'
const RONIN = 'eip155:2020'

/** The large EVM networks a general-purpose EVM wallet connects to out of the box. */
const EVM = [ETHEREUM, OPTIMISM, BSC, GNOSIS, POLYGON, ZKSYNC, BASE, ARBITRUM, AVALANCHE, LINEA]

/** EVM's share of the wallet catalogue and the images of its networks. */
export const evmCatalogue: FamilyCatalogue = {
  walletChains: {
    metamask: EVM,
    trust: EVM,
    coinbase: EVM,
    rainbow: EVM,
    phantom: [ETHEREUM, BASE, POLYGON],
    okx: EVM,
    zerion: EVM,
    uniswap: EVM,
    'ledger-live': EVM,
    safe: EVM,
    argent: [ETHEREUM, ZKSYNC],
    bitget: EVM,
    binance: EVM,
    exodus: EVM,
    rabby: EVM,
    frame: EVM,
    brave: EVM,
    oneinch: EVM,
    tokenpocket: EVM,
    imtoken: EVM,
    'crypto-com-onchain': EVM,
    safepal: EVM,
    ctrl: EVM,
    enkrypt: EVM,
    taho: [ETHEREUM, POLYGON, ARBITRUM, BASE, AVALANCHE],
    keplr: [ETHEREUM],
    cosmostation: EVM,
    backpack: [ETHEREUM, BASE, ARBITRUM, POLYGON],
    talisman: EVM,
    subwallet: EVM,
    nova: [ETHEREUM],
    'magic-eden': [ETHEREUM, BASE, POLYGON],
    onekey: EVM,
    zengo: [ETHEREUM, POLYGON, BSC],
    ambire: EVM,
    coin98: EVM,
    mathwallet: EVM,
    tangem: EVM,
    bybit: EVM,
    gate: EVM,
    kraken: EVM,
    robinhood: [ETHEREUM, POLYGON, ARBITRUM, BASE, OPTIMISM],
    family: [ETHEREUM, OPTIMISM, BASE, ARBITRUM, POLYGON, ZKSYNC],
    ronin: [RONIN, ETHEREUM],
    core: [AVALANCHE, ETHEREUM],
    status: [ETHEREUM, OPTIMISM, ARBITRUM, BASE],
    alphawallet: EVM,
    atomic: EVM,
    'bitcoin-com': [ETHEREUM, AVALANCHE, POLYGON],
    guarda: EVM,
    sequence: EVM,
    opera: EVM,
    valora: [CELO, ETHEREUM, BASE, ARBITRUM],
    mew: [ETHEREUM, POLYGON, BSC],
    frontier: EVM,
    zeal: EVM,
    edge: [ETHEREUM, AVALANCHE],
    unstoppable: EVM,
    keystone: EVM,
    bitpay: [ETHEREUM, POLYGON],
    daimo: [BASE],
    ellipal: EVM,
    bitbox: [ETHEREUM],
    trezor: [ETHEREUM, POLYGON, BASE, ARBITRUM],
  },
  networkImages: {
    ethereum: 'ETH',
    optimism: 'OP',
    arbitrum: 'ARB',
    'arbitrum-nova': 'NOVA',
    base: 'BASE',
    polygon: 'POL',
    'polygon-zkevm': 'ZK',
    bnb: 'BNB',
    avalanche: 'AVAX',
    gnosis: 'GNO',
    zksync: 'ZKS',
    linea: 'LIN',
    scroll: 'SCR',
    celo: 'CELO',
    mantle: 'MNT',
    blast: 'BLST',
    zora: 'ZORA',
    aurora: 'AUR',
    mode: 'MODE',
    moonbeam: 'GLMR',
    metis: 'MTS',
    cronos: 'CRO',
    unichain: 'UNI',
    anvil: 'DEV',
    localhost: 'DEV',
  },
}
