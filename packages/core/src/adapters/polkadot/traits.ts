import type { NamespaceTraits } from '../shared/traits.js'
import { decodeSs58 } from './ss58.js'

/**
 * Polkadot accounts (docs/polkadot.md): SS58 addresses of 32-byte account ids, any prefix; each
 * network spells them with its own (ss58PrefixOf), and the adapter hands out that spelling.
 * Plain code: @polkadot/api does not load with it.
 */
export const polkadotTraits: NamespaceTraits = {
  namespace: 'polkadot',
  label: 'Polkadot',
  isAddress: (address) => decodeSs58(address.trim()) !== undefined,
  // The spelling is kept: it is what the chain (and the server's CAIP-10 ids) know the account by.
  normalizeAddress: (address) => address.trim(),
  signInMessage: 'caip122',
  features: { balance: true, send: true, names: false },
  sendCosts: () => [],
}
