// Test keys and CAIP-122 Cosmos messages for the sign-in tests (never imported by the server).
import { Secp256k1Wallet, type StdSignature } from '@cosmjs/amino'
import { adr036SignDoc } from './sign-in.js'

export interface TestKey {
  address: string
  prefix: string
  /** ADR-036 over `text`, as a Keplr-API wallet's signArbitrary returns it, written as JSON. */
  sign(text: string, signer?: string): Promise<string>
  signature(text: string, signer?: string): Promise<StdSignature>
}

/** A key from a fixed private key (byte `seed` repeated), with its address on `prefix`. */
export async function testKey(seed: number, prefix = 'cosmos'): Promise<TestKey> {
  const wallet = await Secp256k1Wallet.fromKey(new Uint8Array(32).fill(seed), prefix)
  const [account] = await wallet.getAccounts()
  const address = (account as { address: string }).address
  const signature = async (text: string, signer = address) =>
    (await wallet.signAmino(address, adr036SignDoc(signer, text))).signature
  return {
    address,
    prefix,
    signature,
    sign: async (text, signer) => JSON.stringify(await signature(text, signer)),
  }
}

export function cosmosMessage(fields: {
  address: string
  issuedAt: Date
  domain?: string
  uri?: string
  chain?: string
  nonce?: string
  expiration?: Date
}): string {
  const lines = [
    `${fields.domain ?? 'localhost:5173'} wants you to sign in with your Cosmos account:`,
    fields.address,
    '',
    'Sign in to the test app',
    '',
    `URI: ${fields.uri ?? 'http://localhost:5173/'}`,
    'Version: 1',
    `Chain ID: ${fields.chain ?? 'latchdev-1'}`,
    `Nonce: ${fields.nonce ?? 'abcdefgh1234'}`,
    `Issued At: ${fields.issuedAt.toISOString()}`,
  ]
  if (fields.expiration) lines.push(`Expiration Time: ${fields.expiration.toISOString()}`)
  return lines.join('\n')
}
