import type { MessageVerifier } from '../shared/traits.js'

/**
 * Bitcoin's message check (BIP-322 and the legacy signed message); its libraries load with the
 * first call, in a chunk of their own.
 */
export const bitcoinMessageVerifier: MessageVerifier = {
  namespace: 'bip122',
  verifyMessage: async (parameters) =>
    (await import('./verifyMessage.js')).verifyBitcoinMessage(parameters),
}
