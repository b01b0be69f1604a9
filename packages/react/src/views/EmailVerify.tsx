import { useStore } from 'zustand'
import { useLatch } from '../context.js'
import { fill } from '../messages.js'
import { FrameSignIn, frameMessages } from './FrameSignIn.js'

/**
 * Email sign-in (docs/behaviour.md#email-sign-in): the secure frame mails the code and asks for
 * it, and for the device approval when one is needed, in its own window. The page has no field
 * for the code: this view only says where to type it and waits for the outcome.
 */
export function EmailVerify() {
  const { stores, auth, messages } = useLatch('EmailVerify')
  const email = useStore(stores.router, (s) => ('email' in s.route ? s.route.email : ''))
  if (!auth || !email) return <p className="latch-hint">{messages.email.failed}</p>
  return (
    <FrameSignIn
      testId="view-email-signin"
      body={fill(frameMessages(messages).email, { email })}
      start={(signal) => auth.signInWithEmail(email, { signal })}
    />
  )
}
