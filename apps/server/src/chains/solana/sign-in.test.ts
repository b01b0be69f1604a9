import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64 } from '@scure/base'
import { describe, expect, it } from 'vitest'
import { ForeignSignInError, type SiwxError } from '../../siwx/verify.js'
import { SOLANA, solanaSignIn } from './sign-in.js'

const ORIGIN = 'http://localhost:5173'
const NOW = new Date('2026-11-27T12:00:00Z')
const secret = ed25519.utils.randomPrivateKey()
const address = base58.encode(ed25519.getPublicKey(secret))

const message = (fields: Partial<{ header: string; chain: string; issuedAt: Date }> = {}) =>
  [
    fields.header ?? 'localhost:5173 wants you to sign in with your Solana account:',
    address,
    '',
    `URI: ${ORIGIN}/`,
    'Version: 1',
    `Chain ID: ${fields.chain ?? '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'}`,
    'Nonce: abcdefgh1234',
    `Issued At: ${(fields.issuedAt ?? NOW).toISOString()}`,
  ].join('\n')
const sign = (text: string, key = secret) => ed25519.sign(new TextEncoder().encode(text), key)

const { namespace, verifySignIn } = solanaSignIn()
const verify = (text: string, signature: string) =>
  verifySignIn({ message: text, signature, origin: ORIGIN, now: NOW })
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: SiwxError) => ({ code: error.code, status: error.statusCode, kind: error.name }),
  )

describe('solanaSignIn', () => {
  it('is the solana namespace', () => {
    expect(namespace).toBe(SOLANA)
  })

  it('verifies a CAIP-122 message signed by the key; the base58 address is kept as signed', async () => {
    const text = message()
    expect(await verify(text, base58.encode(sign(text)))).toMatchObject({
      address,
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      domain: 'localhost:5173',
      nonce: 'abcdefgh1234',
    })
    const full = message({ chain: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' })
    expect((await verify(full, base64.encode(sign(full)))).chainId).toBe(
      'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    )
  })

  it("leaves another namespace's message to it", async () => {
    const evm = message({
      header: 'localhost:5173 wants you to sign in with your Ethereum account:',
    })
    const error = await verify(evm, base58.encode(sign(evm))).catch((e) => e)
    expect(error).toBeInstanceOf(ForeignSignInError)
    expect(error).toMatchObject({ code: 'SIWX_MALFORMED', namespace: SOLANA })
  })

  it('refuses another key, an unknown cluster and a message from the future', async () => {
    const text = message()
    const other = ed25519.utils.randomPrivateKey()
    expect(await refusal(verify(text, base58.encode(sign(text, other))))).toMatchObject({
      code: 'SIWX_BAD_SIGNATURE',
      status: 401,
    })
    const unknown = message({ chain: 'NotACluster1111111111111111111' })
    expect(await refusal(verify(unknown, base58.encode(sign(unknown))))).toMatchObject({
      code: 'SIWX_CHAIN_UNSUPPORTED',
    })
    const early = message({ issuedAt: new Date(NOW.getTime() + 10 * 60_000) })
    expect(await refusal(verify(early, base58.encode(sign(early))))).toMatchObject({
      code: 'SIWX_ISSUED_IN_FUTURE',
      kind: 'SiwxError',
    })
  })
})
