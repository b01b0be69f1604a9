import { openModal, pushView, selectRoute, type UpdateEmailAction } from '@latch/core'
import { useStore } from 'zustand'
import { useLatch } from '../context.js'
import { useLatchAuthUser } from '../hooks/index.js'
import { fill, type Messages, type OccasionalMessages } from '../messages.js'
import { notify } from '../notify.js'
import { EmailForm } from './EmailForm.js'
import { OtpForm } from './OtpForm.js'

const english: OccasionalMessages['updateEmail'] = {
  label: 'New email',
  current: 'Current email: {email}',
  same: 'This is already your email. Enter a different one.',
  newEmail: 'your new email',
  currentEmail: 'your current email',
  updated: 'Email updated to {email}',
}

/** The updateEmail strings: the English above (in this view's chunk), the locale's own where it sets them. */
export const updateEmailMessages = (messages: Messages) => ({ ...english, ...messages.updateEmail })

const stepView = (action: UpdateEmailAction) =>
  action === 'VERIFY_PRIMARY_OTP' ? 'UpdateEmailPrimaryOtp' : 'UpdateEmailSecondaryOtp'

/** Email update, step 1: the new address; a code goes to the current one first (docs/behaviour.md#flows). */
export function UpdateEmailWallet() {
  const { stores, auth, messages } = useLatch('UpdateEmailWallet')
  const user = useLatchAuthUser()
  const t = updateEmailMessages(messages)
  if (!auth) return <p className="latch-hint">{messages.email.failed}</p>
  const current = user?.email ?? undefined
  return (
    <div className="latch-view latch-email-view" data-testid="view-update-email">
      <EmailForm
        label={t.label}
        submitLabel={messages.email.continue}
        hint={current ? fill(t.current, { email: current }) : undefined}
        validate={(email) =>
          current && email.toLowerCase() === current.toLowerCase() ? t.same : undefined
        }
        onSubmit={async (email) => {
          const { action } = await auth.updateEmail(email)
          pushView(stores.router, { view: stepView(action), email })
        }}
        testId="update-email-form"
      />
    </div>
  )
}

/** Step 2: the code mailed to the current address. */
export function UpdateEmailPrimaryOtp() {
  const { stores, auth, messages } = useLatch('UpdateEmailPrimaryOtp')
  const user = useLatchAuthUser()
  const next = useStore(stores.router, (s) => selectRoute(s, 'UpdateEmailPrimaryOtp')?.email)
  if (!auth) return <p className="latch-hint">{messages.email.failed}</p>
  return (
    <div className="latch-view latch-email-view" data-testid="view-update-email-primary">
      <OtpForm
        label={fill(messages.email.codeLabel, {
          email: user?.email ?? updateEmailMessages(messages).currentEmail,
        })}
        onSubmit={async (code) => {
          await auth.updateEmailPrimaryCode(code)
          if (next) pushView(stores.router, { view: 'UpdateEmailSecondaryOtp', email: next })
        }}
        onResend={next ? () => auth.updateEmail(next) : undefined}
      />
    </div>
  )
}

/** Step 3: the code mailed to the new address; the Account view then shows it. */
export function UpdateEmailSecondaryOtp() {
  const { stores, auth, messages } = useLatch('UpdateEmailSecondaryOtp')
  const next = useStore(stores.router, (s) => selectRoute(s, 'UpdateEmailSecondaryOtp')?.email)
  if (!auth) return <p className="latch-hint">{messages.email.failed}</p>
  return (
    <div className="latch-view latch-email-view" data-testid="view-update-email-secondary">
      <OtpForm
        label={fill(messages.email.codeLabel, {
          email: next ?? updateEmailMessages(messages).newEmail,
        })}
        onSubmit={async (code) => {
          const { email } = await auth.updateEmailSecondaryCode(code)
          openModal(stores.router, 'Account')
          notify(stores, fill(updateEmailMessages(messages).updated, { email }), 'success')
        }}
      />
    </div>
  )
}
