import type { PageNamespace } from '../namespace.js'

export const eip155Namespace: PageNamespace = {
  namespace: 'eip155',
  // docs/behaviour.md#flows: smart accounts on EVM unless chosen otherwise.
  defaultAccountType: 'smartAccount',
}

/** An EVM chain's CAIP-2 id, as the frame's protocol names chains. */
export const eip155ChainId = (chainId: number) => `eip155:${chainId}`
