import { LatchError } from '@latch/core'

/** The frame has no session for this visitor: they have to sign in by email first. */
export class AuthSessionMissingError extends LatchError {
  override name = 'AuthSessionMissingError'
  constructor() {
    super('Sign in with your email first')
  }
}
