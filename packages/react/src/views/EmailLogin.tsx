import { pushView, replaceView } from '@latch/core'
import { useEffect } from 'react'
import { useStore } from 'zustand'
import { useLatch } from '../context.js'
import type { Messages, OccasionalMessages } from '../messages.js'
import { EmailForm } from './EmailForm.js'

const english: OccasionalMessages['emailLogin'] = {
  unavailable: 'Email sign-in is not available in this app.',
}

export const emailLoginMessages = (messages: Messages) => ({
  ...english,
  ...messages.emailLogin,
})

/**
 * docs/behaviour.md#views (EmailLogin): the email field on its own, for an app that opens the
 * modal straight on email sign-in. The secure frame then asks for the code in its own window
 * (EmailVerifyOtp). On a namespace the embedded wallet does not serve, the visitor is first
 * offered the switch to one it does (SwitchActiveChain), which comes back here.
 */
export function EmailLogin() {
  const { stores, auth, messages } = useLatch('EmailLogin')
  const namespace = useStore(stores.chain, (s) => s.activeChain)
  const email = useStore(stores.options, (s) => s.features.email)
  const served = namespace !== undefined && auth?.namespaces.includes(namespace) === true
  // A namespace the embedded wallet serves and the app has an adapter for.
  const other = useStore(stores.chain, (s) => auth?.namespaces.find((n) => s.chains[n]))
  const offered = Boolean(auth && email)

  useEffect(() => {
    if (offered && !served && other)
      replaceView(stores.router, {
        view: 'SwitchActiveChain',
        switchToChain: other,
        navigateTo: 'EmailLogin',
        navigateWithReplace: true,
      })
  }, [offered, served, other, stores])

  if (!offered || !served)
    return (
      <div className="latch-view" data-testid="view-email-login">
        {offered && other ? null : (
          <p className="latch-hint" role="status">
            {emailLoginMessages(messages).unavailable}
          </p>
        )}
      </div>
    )
  return (
    <div className="latch-view" data-testid="view-email-login">
      <EmailForm
        label={messages.email.label}
        submitLabel={messages.email.continue}
        testId="email-form"
        onSubmit={async (address) => {
          pushView(stores.router, { view: 'EmailVerifyOtp', email: address })
        }}
      />
    </div>
  )
}
