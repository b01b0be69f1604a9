import { HDKey } from '@scure/bip32'
import { bytesToHex, type LocalAccount } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/** m/44'/60'/0'/0/0: the first account every EVM wallet derives. */
export const EIP155_PATH = "m/44'/60'/0'/0/0"

/** The EVM account of a BIP-39 seed (BIP-32 secp256k1). */
export function deriveEip155Account(seed: Uint8Array): LocalAccount {
  const privateKey = HDKey.fromMasterSeed(seed).derive(EIP155_PATH).privateKey
  if (!privateKey) throw new Error('derivation produced no key')
  return privateKeyToAccount(bytesToHex(privateKey))
}
