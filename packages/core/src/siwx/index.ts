// `@latch/core/siwx`: sign in with the wallet (docs/siwx.md), loaded only by apps that use it.
export { createLatchSiwx, type LatchSiwxOptions } from './latchSiwx.js'
export { requestSignIn } from './requestSignIn.js'
export {
  activeSiwxAccount,
  hasSiwxSession,
  lastAuthenticatedAccount,
  signInWithWallet,
} from './signIn.js'
export type { SiwxConfig, SiwxSession } from './types.js'
