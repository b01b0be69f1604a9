import type { MessageVerifier } from '../shared/traits.js'

/** Cosmos's message check (ADR-036); noble loads with the first call, in a chunk of its own. */
export const cosmosMessageVerifier: MessageVerifier = {
  namespace: 'cosmos',
  verifyMessage: async (parameters) =>
    (await import('./verifyMessage.js')).verifyCosmosMessage(parameters),
}
