import type { NamespaceRequests, RequestContext } from '../types.js'
import type { SolanaKey } from './keys.js'
import { prepareSignMessage } from './message.js'

/** A CAIP-2 `solana:<genesis hash prefix>` id. */
export const isSolanaChain = (chainId: unknown) =>
  typeof chainId === 'string' && chainId.startsWith('solana:')

/**
 * Solana requests are signed with the Solana key whatever chain is active: they make no EVM call
 * (no contract memory). Only a sent transaction needs its cluster, named by the request or else
 * the active chain; undefined when neither is Solana (nothing may be sent then).
 */
export function openSolanaRequests(context: RequestContext<SolanaKey>): NamespaceRequests {
  const caip2 = [context.requestedChainId, context.activeChainId].find(isSolanaChain) as
    | string
    | undefined
  const cluster = caip2 ? { caip2, proxyUrl: context.proxyUrl(caip2) } : undefined
  const unanswered = () => {
    throw new Error('Solana has no method the frame answers without the user')
  }
  return {
    local: unanswered,
    read: async () => unanswered(),
    async prepare(method, params) {
      if (method === 'solana_signMessage')
        return prepareSignMessage(params, context.key, context.origin)
      // Loaded on the first Solana transaction: EVM-only users never fetch it or @solana/kit.
      const { prepareSolanaTransaction } = await import('./transactions.js')
      return prepareSolanaTransaction(method, params, {
        key: context.key,
        origin: context.origin,
        cluster,
      })
    },
  }
}
