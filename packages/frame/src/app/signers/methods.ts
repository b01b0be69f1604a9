import { type RpcMethods, rpcMethodNames } from '@latch/core/rpc-methods'
import type { SignerMethods } from './types.js'

/**
 * A namespace's methods as the embedded wallet answers them, from core's one declaration of the
 * namespace's JSON-RPC methods (`@latch/core/rpc-methods`): its wallet methods that do not sign
 * are answered here, its reads go through the server's proxy, and its signing methods need the
 * user's approval. `answeredHere` names reads the frame knows better than a node (the active
 * chain's id).
 */
export function embeddedMethods(
  table: RpcMethods,
  answeredHere: readonly string[] = [],
): SignerMethods {
  const names = (rule: (kind: string, signs: boolean) => boolean) =>
    rpcMethodNames(table, (method) => method.embedded && rule(method.kind, method.signs))
  const local = new Set([...names((kind, signs) => kind === 'wallet' && !signs), ...answeredHere])
  return {
    local,
    read: new Set(names((kind) => kind === 'read').filter((name) => !local.has(name))),
    signing: new Set(names((kind, signs) => kind === 'wallet' && signs)),
  }
}
