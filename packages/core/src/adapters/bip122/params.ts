import type { CaipNetwork } from '../../networks/types.js'
import type { AddressNetwork } from './address.js'
import { bitcoinMainnet, bitcoinRegtest, bitcoinSignet, bitcoinTestnet } from './networks.js'

/** A network's address encoding, in the shape @scure/btc-signer takes (`BTC_NETWORK`). */
export interface BitcoinNetworkParams {
  bech32: string
  pubKeyHash: number
  scriptHash: number
  wif: number
}

const MAINNET: BitcoinNetworkParams = {
  bech32: 'bc',
  pubKeyHash: 0x00,
  scriptHash: 0x05,
  wif: 0x80,
}
const TESTNET: BitcoinNetworkParams = {
  bech32: 'tb',
  pubKeyHash: 0x6f,
  scriptHash: 0xc4,
  wif: 0xef,
}
const REGTEST: BitcoinNetworkParams = { ...TESTNET, bech32: 'bcrt' }

/** Which address family a network uses: testnet and signet share `tb`, regtest has `bcrt`. */
export function addressNetworkOf(network: CaipNetwork): AddressNetwork {
  switch (network.caipNetworkId) {
    case bitcoinMainnet.caipNetworkId:
      return 'mainnet'
    case bitcoinTestnet.caipNetworkId:
    case bitcoinSignet.caipNetworkId:
      return 'testnet'
    case bitcoinRegtest.caipNetworkId:
      return 'regtest'
    default:
      // testnet4 and custom networks: a test network uses testnet's encoding.
      return network.testnet ? 'testnet' : 'mainnet'
  }
}

export function networkParams(network: CaipNetwork): BitcoinNetworkParams {
  const kind = addressNetworkOf(network)
  return kind === 'mainnet' ? MAINNET : kind === 'regtest' ? REGTEST : TESTNET
}

/** The names wallets give networks, for the three wallet APIs' network switches. */
export type BitcoinNetworkName = 'mainnet' | 'testnet' | 'signet' | 'regtest'

export function networkNameOf(network: CaipNetwork): BitcoinNetworkName {
  if (network.caipNetworkId === bitcoinSignet.caipNetworkId) return 'signet'
  return addressNetworkOf(network)
}
