import { eip155SignIn } from '../chains/eip155/sign-in.js'
import { solanaSignIn } from '../chains/solana/sign-in.js'
import type { SignInVerifier, VerifiedSignIn } from '../chains/types.js'
import { ForeignSignInError } from './verify.js'

/** What a namespace's sign-in is built from: the server's chain settings. */
export interface SignInSettings {
  rpcUrls: ReadonlyMap<number, string>
}

/**
 * The registered sign-in namespaces, the first one answering a message nobody reads (EIP-4361:
 * the only format before namespaces were added). One line, to be folded into `chains/index.ts`.
 */
// biome-ignore format: the registration line of sign-in namespaces stays one line
export const signInVerifiers = (settings: SignInSettings): SignInVerifier[] => [eip155SignIn(settings).verifySignIn, solanaSignIn().verifySignIn]

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
