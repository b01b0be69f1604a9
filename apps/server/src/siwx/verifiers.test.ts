import { describe, expect, it } from 'vitest'
import type { SignInVerifier, VerifiedSignIn } from '../chains/types.js'
import { verifySignIn } from './verifiers.js'
import { ForeignSignInError, SiwxError } from './verify.js'

const input = { message: 'm', signature: 's', origin: 'http://localhost:5173', now: new Date() }
const signIn = { address: 'a', chainId: 'x:1' } as VerifiedSignIn
const foreign =
  (text: string): SignInVerifier =>
  async () => {
    throw new ForeignSignInError('x', text)
  }
const reads: SignInVerifier = async () => signIn

describe('verifySignIn', () => {
  it('answers the sign-in of the namespace whose message it is, wherever it is registered', async () => {
    expect(await verifySignIn([foreign('first'), reads], input)).toBe(signIn)
    expect(await verifySignIn([reads, foreign('second')], input)).toBe(signIn)
  })

  it("answers the reading namespace's refusal, not another's", async () => {
    const refuses: SignInVerifier = async () => {
      throw new SiwxError('SIWX_EXPIRED', 'expired')
    }
    await expect(verifySignIn([foreign('first'), refuses], input)).rejects.toMatchObject({
      code: 'SIWX_EXPIRED',
    })
  })

  it("answers the first namespace's refusal when none reads the message", async () => {
    await expect(verifySignIn([foreign('first'), foreign('second')], input)).rejects.toMatchObject({
      code: 'SIWX_MALFORMED',
      message: 'first',
    })
  })
})
