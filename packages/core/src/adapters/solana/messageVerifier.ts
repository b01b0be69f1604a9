import type { MessageVerifier } from '../shared/traits.js'

/** Solana's message check; @solana/kit loads with the first call, in a chunk of its own. */
export const solanaMessageVerifier: MessageVerifier = {
  namespace: 'solana',
  verifyMessage: async (parameters) =>
    (await import('./verifyMessage.js')).verifyEd25519Message(parameters),
}
