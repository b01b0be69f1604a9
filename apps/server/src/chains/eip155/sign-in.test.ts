import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { ForeignSignInError, type SiwxError } from '../../siwx/verify.js'
import { EIP155, eip155SignIn } from './sign-in.js'

const ORIGIN = 'http://localhost:5173'
const NOW = new Date('2026-11-27T12:00:00Z')
const account = privateKeyToAccount(`0x${'11'.repeat(32)}`)
const stranger = privateKeyToAccount(`0x${'22'.repeat(32)}`)

// Nothing listens on port 9 of loopback: an EOA's signature is recovered without the chain,
// and anything else finds the chain unreachable.
const { namespace, verifySignIn } = eip155SignIn({ rpcUrls: new Map([[1, 'http://127.0.0.1:9']]) })

const message = (fields: Partial<{ chainId: number; domain: string; expirationTime: Date }> = {}) =>
  createSiweMessage({
    address: account.address,
    chainId: fields.chainId ?? 1,
    domain: fields.domain ?? 'localhost:5173',
    uri: `${ORIGIN}/`,
    version: '1',
    nonce: 'abcdefgh1234',
    issuedAt: NOW,
    ...(fields.expirationTime ? { expirationTime: fields.expirationTime } : {}),
  })
const verify = async (text: string, signer = account) =>
  verifySignIn({
    message: text,
    signature: await signer.signMessage({ message: text }),
    origin: ORIGIN,
    now: NOW,
  })
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: SiwxError) => ({ code: error.code, status: error.statusCode, message: error.message }),
  )

describe('eip155SignIn', () => {
  it('is the eip155 namespace', () => {
    expect(namespace).toBe(EIP155)
  })

  it("verifies an EOA's EIP-4361 message; the address lower-cased, the chain as CAIP-2", async () => {
    expect(await verify(message())).toMatchObject({
      address: account.address.toLowerCase(),
      chainId: 'eip155:1',
      domain: 'localhost:5173',
      nonce: 'abcdefgh1234',
      issuedAt: NOW,
    })
  })

  it("leaves another namespace's message (or none) to it, with EIP-4361's own refusal", async () => {
    for (const text of ['hello', message().replace('Ethereum account', 'Solana account')]) {
      const error = await verify(text).catch((e) => e)
      expect(error).toBeInstanceOf(ForeignSignInError)
      expect(error).toMatchObject({ code: 'SIWX_MALFORMED', namespace: EIP155 })
      expect(error.message).toMatch(/^This is not an EIP-4361 sign-in message/)
    }
  })

  it('refuses a chain without an upstream, another page, an expired message', async () => {
    expect(await refusal(verify(message({ chainId: 5 })))).toMatchObject({
      code: 'SIWX_CHAIN_UNSUPPORTED',
    })
    expect(await refusal(verify(message({ domain: 'evil.example' })))).toMatchObject({
      code: 'SIWX_DOMAIN_MISMATCH',
    })
    const expired = message({ expirationTime: new Date(NOW.getTime() - 1) })
    expect(await refusal(verify(expired))).toMatchObject({ code: 'SIWX_EXPIRED' })
  })

  it("refuses a signature not in hex, and another account's", async () => {
    const text = message()
    expect(
      await refusal(verifySignIn({ message: text, signature: 'zz', origin: ORIGIN, now: NOW })),
    ).toMatchObject({ code: 'SIWX_BAD_SIGNATURE', status: 401 })
    // Not the account's key: refused, whether or not the chain could be asked about a contract.
    expect(await refusal(verify(text, stranger))).toMatchObject({ status: 401 })
  })
})
