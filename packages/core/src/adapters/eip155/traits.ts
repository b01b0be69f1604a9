import { isAddress } from 'viem'
import type { NamespaceTraits } from '../shared/traits.js'

/** EVM accounts (docs/behaviour.md#validation, docs/siwx.md). */
export const eip155Traits: NamespaceTraits = {
  namespace: 'eip155',
  label: 'Ethereum',
  // Hex, with a valid checksum when mixed-case.
  isAddress: (address) => isAddress(address, { strict: true }),
  // Hex addresses are one account in any case.
  normalizeAddress: (address) => address.toLowerCase(),
  signInMessage: 'eip4361',
  features: { balance: true, send: true, names: true },
}
