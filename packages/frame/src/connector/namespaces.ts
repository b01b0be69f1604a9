import { eip155Namespace } from './eip155/namespace.js'
import type { PageNamespace } from './namespace.js'
import { solanaNamespace } from './solana/namespace.js'

/**
 * The embedded wallet's namespaces on the page's side, one folder each; loaded with the frame
 * client (client/wallet.ts), not with the connector. The first is the one a
 * bare chain number belongs to, as for the frame's anchor signer (app/signers/registry.ts).
 */
export const PAGE_NAMESPACES: readonly PageNamespace[] = [eip155Namespace, solanaNamespace]

export const findNamespace = (namespace: string): PageNamespace | undefined =>
  PAGE_NAMESPACES.find((n) => n.namespace === namespace)

/** A CAIP-2 id's namespace; a bare number, or no chain, is the first namespace's. */
export function namespaceOfChain(chainId: string | number | undefined): string {
  const text = String(chainId ?? '')
  return text.includes(':') ? text.split(':')[0]! : PAGE_NAMESPACES[0]!.namespace
}
