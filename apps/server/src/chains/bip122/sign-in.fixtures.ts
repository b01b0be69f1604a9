// Test keys and signers for the bip122 sign-in tests (never imported by the server). BIP-322
// signatures come from bip322-js's Signer; BIP-137 ones are made here from the spec with
// @noble/curves, so the verifier is not only judged by its own library.
import { createHash } from 'node:crypto'
import { secp256k1 } from '@noble/curves/secp256k1'
import { NETWORK, p2pkh, p2tr, p2wpkh, TEST_NETWORK, WIF } from '@scure/btc-signer'
import { Signer } from 'bip322-js'

export const REGTEST_PREFIXES = { ...TEST_NETWORK, bech32: 'bcrt' }

export interface TestKey {
  wif: string
  privateKey: Uint8Array
  wpkh: string
  tr: string
  pkh: string
}

export function testKey(seed: number, network: typeof NETWORK = REGTEST_PREFIXES): TestKey {
  const privateKey = createHash('sha256').update(`bip122 sign-in test key ${seed}`).digest()
  const publicKey = secp256k1.getPublicKey(privateKey, true)
  return {
    wif: WIF(network).encode(privateKey),
    privateKey,
    wpkh: p2wpkh(publicKey, network).address as string,
    tr: p2tr(publicKey.slice(1), undefined, network).address as string,
    pkh: p2pkh(publicKey, network).address as string,
  }
}

export const MAINNET_KEY_NETWORK = NETWORK

/** BIP-322 "simple" (P2WPKH, P2TR) or, for P2PKH, BIP-137: what bip322-js's Signer gives. */
export const bip322 = (key: TestKey, address: string, message: string) =>
  Signer.sign(key.wif, address, message) as string

function varint(n: number): Buffer {
  if (n < 0xfd) return Buffer.from([n])
  const b = Buffer.alloc(3)
  b[0] = 0xfd
  b.writeUInt16LE(n, 1)
  return b
}

/** BIP-137: a compact recoverable ECDSA signature whose header names the address kind. */
export function bip137(key: TestKey, message: string, kind: 'p2pkh' | 'p2wpkh'): string {
  const text = Buffer.from(message, 'utf8')
  const prefix = Buffer.from('\x18Bitcoin Signed Message:\n', 'latin1')
  const data = Buffer.concat([prefix, varint(text.length), text])
  const hash = createHash('sha256').update(createHash('sha256').update(data).digest()).digest()
  const signature = secp256k1.sign(hash, key.privateKey)
  const header = 27 + signature.recovery + (kind === 'p2pkh' ? 4 : 12)
  return Buffer.concat([Buffer.from([header]), signature.toCompactRawBytes()]).toString('base64')
}

export const REGTEST_REF = '0f9188f13cb7b2c71f2a335e3a4fc328'

export function bitcoinMessage(fields: {
  address: string
  nonce?: string
  domain?: string
  uri?: string
  chain?: string
  statement?: string
  issuedAt: Date
  expiration?: Date
}): string {
  return [
    `${fields.domain ?? 'localhost:5173'} wants you to sign in with your Bitcoin account:`,
    fields.address,
    '',
    fields.statement ?? 'Sign in to the test app',
    '',
    `URI: ${fields.uri ?? 'http://localhost:5173/'}`,
    'Version: 1',
    `Chain ID: ${fields.chain ?? REGTEST_REF}`,
    `Nonce: ${fields.nonce ?? 'abcdefgh1234'}`,
    `Issued At: ${fields.issuedAt.toISOString()}`,
    ...(fields.expiration ? [`Expiration Time: ${fields.expiration.toISOString()}`] : []),
  ].join('\n')
}
