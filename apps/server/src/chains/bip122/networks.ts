import { Address, NETWORK, OutScript, TEST_NETWORK } from '@scure/btc-signer'

/**
 * The Bitcoin networks this server knows, by CAIP-2 (BIP-122: `bip122:` and the first 32 hex
 * characters of the genesis block hash). Each has its address prefixes, so an address of
 * another network is told apart from a malformed one. Testnet3, testnet4 and signet share
 * prefixes: their addresses look alike, and only the configured chain tells them apart.
 */
export interface BitcoinNetwork {
  caip2: string
  name: string
  /** As @scure/btc-signer's Address() reads them. */
  prefixes: { bech32: string; pubKeyHash: number; scriptHash: number; wif: number }
}

export const BIP122 = 'bip122'
export const BIP122_CAIP2 = /^bip122:[0-9a-f]{32}$/

const REGTEST_PREFIXES = { ...TEST_NETWORK, bech32: 'bcrt' }

export const BITCOIN_NETWORKS: readonly BitcoinNetwork[] = [
  { caip2: 'bip122:000000000019d6689c085ae165831e93', name: 'Bitcoin', prefixes: NETWORK },
  {
    caip2: 'bip122:000000000933ea01ad0ee984209779ba',
    name: 'Bitcoin Testnet',
    prefixes: TEST_NETWORK,
  },
  {
    caip2: 'bip122:00000000da84f2bafbbc53dee25a72ae',
    name: 'Bitcoin Testnet4',
    prefixes: TEST_NETWORK,
  },
  {
    caip2: 'bip122:00000008819873e925422c1ff0f99f7c',
    name: 'Bitcoin Signet',
    prefixes: TEST_NETWORK,
  },
  {
    caip2: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
    name: 'Bitcoin Regtest',
    prefixes: REGTEST_PREFIXES,
  },
]

export const REGTEST_CAIP2 = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'

export const networkOf = (caip2: string) => BITCOIN_NETWORKS.find((n) => n.caip2 === caip2)

/** The output kinds Latch reads: @scure/btc-signer's names. */
export type BitcoinAddressType = 'pkh' | 'sh' | 'wpkh' | 'wsh' | 'tr'

export interface ParsedAddress {
  address: string
  type: BitcoinAddressType
  /** The output script, hex: how an Esplora transaction names who paid and who was paid. */
  script: string
}

/** An address of `network`, or undefined when it is not one (malformed, or another network's). */
export function parseAddress(address: string, network: BitcoinNetwork): ParsedAddress | undefined {
  if (address.length < 14 || address.length > 90 || !/^[a-zA-Z0-9]+$/.test(address))
    return undefined
  try {
    const decoded = Address(network.prefixes).decode(address)
    if (!['pkh', 'sh', 'wpkh', 'wsh', 'tr'].includes(decoded.type)) return undefined
    // Bech32 is case-insensitive but written in one case; Esplora answers it lower-cased.
    const normal =
      /^[A-Z0-9]+$/.test(address) && address.toLowerCase().startsWith(network.prefixes.bech32)
        ? address.toLowerCase()
        : address
    return {
      address: normal,
      type: decoded.type as BitcoinAddressType,
      script: Buffer.from(OutScript.encode(decoded)).toString('hex'),
    }
  } catch {
    return undefined
  }
}

/** The known network whose address this is, for an error message that says which. */
export function networkOfAddress(address: string): BitcoinNetwork | undefined {
  return BITCOIN_NETWORKS.find((network) => parseAddress(address, network))
}

/** Whether the text could be meant as a Bitcoin address of any known network. */
export const looksLikeBitcoinAddress = (address: string) => networkOfAddress(address) !== undefined
