import type { NamespaceTraits } from '../shared/traits.js'

/** What a Solana fee leaves out: lamports moved into a new token account for the receiver. */
export interface SolanaSendDetail {
  /** 0 when the receiver has the token's account already. */
  rent: bigint
}

// 32 bytes in base58 are 32 to 44 characters. The form checks the shape; the adapter's own
// codec refuses a string of that shape that is not 32 bytes before anything is signed.
const BASE58_KEY = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/** Solana accounts (docs/solana.md). Plain code: nothing of @solana/kit loads with it. */
export const solanaTraits: NamespaceTraits = {
  namespace: 'solana',
  label: 'Solana',
  isAddress: (address) => BASE58_KEY.test(address),
  // base58 is case-sensitive: the key as given.
  normalizeAddress: (address) => address,
  signInMessage: 'caip122',
  features: { balance: true, send: true, names: false },
  sendCosts: (detail) => {
    const rent = (detail as SolanaSendDetail | undefined)?.rent
    return rent ? [{ label: 'rent', amount: rent }] : []
  },
}
