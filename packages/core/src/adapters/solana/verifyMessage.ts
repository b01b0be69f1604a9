import { getBase58Encoder, getPublicKeyFromAddress, verifySignature } from '@solana/kit'

/** An ed25519 signature by the account's key over the message's UTF-8 bytes, in base58. */
export async function verifyEd25519Message(parameters: {
  address: string
  message: string
  signature: string
}): Promise<boolean> {
  const key = await getPublicKeyFromAddress(
    parameters.address as Parameters<typeof getPublicKeyFromAddress>[0],
  )
  const bytes = getBase58Encoder().encode(parameters.signature) as Parameters<
    typeof verifySignature
  >[1]
  return verifySignature(key, bytes, new TextEncoder().encode(parameters.message))
}
