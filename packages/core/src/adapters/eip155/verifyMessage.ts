import { verifyMessage } from 'viem'

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
