import { eip155Signer } from './eip155/index.js'
import { solanaSigner } from './solana/index.js'
import type { Signer } from './types.js'

/**
 * The embedded wallet's namespaces, one folder each. The first is the wallet's anchor
 * (signers/registry.ts): existing devices find their share under its address, so it stays first.
 */
export const SIGNERS: readonly Signer[] = [eip155Signer, solanaSigner]
