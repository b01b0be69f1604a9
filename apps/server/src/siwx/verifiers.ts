import type { ChainDataConfig } from '../chains/config.js'
import { chainFamilies } from '../chains/index.js'
import type { SignInVerifier, VerifiedSignIn } from '../chains/types.js'
import { ForeignSignInError } from './verify.js'

/**
 * The registered families' sign-in verifiers (chains/index.ts), the first one answering a message
 * nobody reads (EIP-4361: the only format before namespaces were added).
 */
export const signInVerifiers = (config: Pick<ChainDataConfig, 'backends'>): SignInVerifier[] =>
  chainFamilies.flatMap((family) =>
    family.signIn ? [family.signIn(config.backends.get(family.namespace))] : [],
  )

/**
 * The sign-in verified by the namespace whose message it is. A namespace refuses another's
 * message with a ForeignSignInError; when every one does, the first namespace's refusal answers.
 */
export async function verifySignIn(
  verifiers: readonly SignInVerifier[],
  input: Parameters<SignInVerifier>[0],
): Promise<VerifiedSignIn> {
  let refusal: ForeignSignInError | undefined
  for (const verify of verifiers) {
    try {
      return await verify(input)
    } catch (error) {
      if (!(error instanceof ForeignSignInError)) throw error
      refusal ??= error
    }
  }
  throw refusal ?? new ForeignSignInError('', 'No sign-in namespace is registered.')
}
