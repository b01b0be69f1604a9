import type { NamespaceTraits } from '../shared/traits.js'
import { normalizeBitcoinAddress, parseBitcoinAddress } from './address.js'

/**
 * What a Bitcoin send's estimate carries for the adapter: the coins it spends and the size the fee
 * was computed on. Bitcoin pays nothing beyond its fee, so `sendCosts` names nothing.
 */
export interface BitcoinSendDetail {
  /** Satoshis per virtual byte the fee was computed at. */
  feeRate: number
  /** Virtual size of the signed transaction, as estimated. */
  vsize: number
  inputs: readonly { txid: string; vout: number; value: bigint }[]
  /** Satoshis returned to the payment address; 0 when the rest went to the fee (dust). */
  change: bigint
}

/** Bitcoin accounts (docs/bitcoin.md). Plain code: no Bitcoin library loads with it. */
export const bitcoinTraits: NamespaceTraits = {
  namespace: 'bip122',
  label: 'Bitcoin',
  isAddress: (address) => parseBitcoinAddress(address) !== undefined,
  normalizeAddress: normalizeBitcoinAddress,
  signInMessage: 'caip122',
  features: { balance: true, send: true, names: false },
  sendCosts: () => [],
}
