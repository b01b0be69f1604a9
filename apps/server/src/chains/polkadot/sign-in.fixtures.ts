// Shared by the sign-in tests (never imported by the server): CAIP-122 Polkadot messages and
// extension-style signRaw signatures from the public dev phrase.
import { Keyring } from '@polkadot/keyring'
import { u8aToHex, u8aWrapBytes } from '@polkadot/util'
import { cryptoWaitReady } from '@polkadot/util-crypto'
import { DEV_POLKADOT_CAIP2 } from './config.js'

const PHRASE = 'bottom drive obey lake curtain smoke basket hold race lonely fit walk'

export type TestPair = ReturnType<Keyring['addFromUri']>

export async function testPair(
  path: string,
  type: 'sr25519' | 'ed25519' | 'ecdsa' = 'sr25519',
): Promise<TestPair> {
  await cryptoWaitReady()
  return new Keyring({ type, ss58Format: 2 }).addFromUri(`${PHRASE}${path}`)
}

/** What an extension's signRaw({ type: 'bytes' }) gives: a signature of <Bytes>text</Bytes>. */
export const signRaw = (pair: TestPair, text: string) => u8aToHex(pair.sign(u8aWrapBytes(text)))

export function polkadotMessage(
  address: string,
  fields: {
    domain?: string
    uri?: string
    chain?: string
    nonce?: string
    issuedAt?: string
    expires?: string
  } = {},
): string {
  return [
    `${fields.domain ?? 'localhost:5173'} wants you to sign in with your Polkadot account:`,
    address,
    '',
    'Sign in to Latch',
    '',
    `URI: ${fields.uri ?? 'http://localhost:5173/'}`,
    'Version: 1',
    `Chain ID: ${fields.chain ?? DEV_POLKADOT_CAIP2}`,
    `Nonce: ${fields.nonce ?? 'abcdefgh1234'}`,
    `Issued At: ${fields.issuedAt ?? '2026-11-27T12:00:00.000Z'}`,
    ...(fields.expires ? [`Expiration Time: ${fields.expires}`] : []),
  ].join('\n')
}
