import { verifyMessage } from 'viem'
import type { MessageVerifier } from '../shared/traits.js'

/** An EIP-191 personal_sign signature, checked as a dapp's server would (smart accounts too). */
export function verifyEip191Message(parameters: {
  address: string
  message: string
  signature: string
}): Promise<boolean> {
  return verifyMessage({
    address: parameters.address as `0x${string}`,
    message: parameters.message,
    signature: parameters.signature as `0x${string}`,
  })
}

/** EVM's message check, for code that verifies whichever namespace signed. */
export const eip155MessageVerifier: MessageVerifier = {
  namespace: 'eip155',
  verifyMessage: verifyEip191Message,
}
