/** The namespace of EVM chains; the one a bare chain number belongs to. */
export const EIP155 = 'eip155'

/** An EVM chain's CAIP-2 id, as the frame's protocol names chains. */
export const eip155ChainId = (chainId: number) => `${EIP155}:${chainId}`
