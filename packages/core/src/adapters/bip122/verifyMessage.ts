import { base64 } from '@scure/base'
import { type AddressNetwork, normalizeBitcoinAddress, parseBitcoinAddress } from './address.js'
import { verifyLegacyMessage } from './bip137.js'
import { verifyBip322 } from './bip322.js'
import type { BitcoinNetworkParams } from './params.js'

const PARAMS: Record<AddressNetwork, BitcoinNetworkParams> = {
  mainnet: { bech32: 'bc', pubKeyHash: 0x00, scriptHash: 0x05, wif: 0x80 },
  testnet: { bech32: 'tb', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef },
  regtest: { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef },
}

/**
 * Whether `signature` (base64) proves `address` signed `message`: BIP-322 simple or full for
 * segwit and taproot addresses, the legacy signed message (BIP-137) for any address whose key it
 * recovers. The address's own prefix says its network.
 */
export function verifyBitcoinMessage(parameters: {
  address: string
  message: string
  signature: string
}): boolean {
  const address = normalizeBitcoinAddress(parameters.address.trim())
  const parsed = parseBitcoinAddress(address)
  if (!parsed) return false
  const network = PARAMS[parsed.networks[0] as AddressNetwork]
  let bytes: Uint8Array
  try {
    bytes = base64.decode(parameters.signature.trim())
  } catch {
    return false
  }
  const input = { address, message: parameters.message, signature: parameters.signature.trim() }
  // 65 bytes with a BIP-137 header is a legacy signature; a witness never has that shape.
  if (bytes.length === 65 && (bytes[0] as number) >= 27 && (bytes[0] as number) <= 42)
    return verifyLegacyMessage({ ...input, network })
  return verifyBip322({ ...input, network })
}
