import type { CaipNetwork } from '../../networks/types.js'

// Plain data: the adapter (`@latch/core/bitcoin`) and the server read Bitcoin through each
// network's `rpcUrls.default.http[0]`, an Esplora-compatible REST (docs/bitcoin.md).

// BIP-122 ids are the first 32 hex characters of the genesis block hash.
export const bitcoinMainnet: CaipNetwork = {
  id: '000000000019d6689c085ae165831e93',
  caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
  chainNamespace: 'bip122',
  name: 'Bitcoin',
  testnet: false,
  assets: { imageId: 'bitcoin' },
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: { default: { http: ['https://mempool.space/api'] } },
  blockExplorers: { default: { name: 'Mempool', url: 'https://mempool.space' } },
}

export const bitcoinTestnet: CaipNetwork = {
  id: '000000000933ea01ad0ee984209779ba',
  caipNetworkId: 'bip122:000000000933ea01ad0ee984209779ba',
  chainNamespace: 'bip122',
  name: 'Bitcoin Testnet',
  testnet: true,
  assets: { imageId: 'bitcoin' },
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: { default: { http: ['https://mempool.space/testnet/api'] } },
  blockExplorers: { default: { name: 'Mempool', url: 'https://mempool.space/testnet' } },
}

export const bitcoinSignet: CaipNetwork = {
  id: '00000008819873e925422c1ff0f99f7c',
  caipNetworkId: 'bip122:00000008819873e925422c1ff0f99f7c',
  chainNamespace: 'bip122',
  name: 'Bitcoin Signet',
  testnet: true,
  assets: { imageId: 'bitcoin' },
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: { default: { http: ['https://mempool.space/signet/api'] } },
  blockExplorers: { default: { name: 'Mempool', url: 'https://mempool.space/signet' } },
}

/**
 * Regtest, as the dev stack's node runs it (docs/bitcoin-node.md): its Esplora REST on the
 * loopback. Regtest's genesis is fixed, so every regtest chain shares this id.
 */
export const bitcoinRegtest: CaipNetwork = {
  id: '0f9188f13cb7b2c71f2a335e3a4fc328',
  caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
  chainNamespace: 'bip122',
  name: 'Bitcoin Regtest',
  testnet: true,
  assets: { imageId: 'bitcoin' },
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: { default: { http: ['http://127.0.0.1:3002'] } },
}

/** The public networks an app offers by default; signet and the dev stack's regtest are opt-in. */
export const bitcoinNetworks: readonly CaipNetwork[] = [bitcoinMainnet, bitcoinTestnet]
