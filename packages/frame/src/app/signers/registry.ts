import { SIGNERS } from './index.js'
import type { Signer } from './types.js'

/**
 * The wallet's anchor, the first registered signer: its address (in lower case) keys the device
 * share in this origin's storage and its presence on the server marks that a wallet exists
 * (custody/vault.ts); it also answers for chains and methods no signer claims, as the wallet did
 * before it had more than one namespace.
 */
export const anchorSigner: Signer = SIGNERS[0]!

export const signerForChain = (chainId: string | number): Signer =>
  SIGNERS.find((signer) => signer.ownsChain(chainId)) ?? anchorSigner

export const signerForMethod = (method: string): Signer =>
  SIGNERS.find((signer) => signer.ownsMethod(method)) ?? anchorSigner
