import type { AuthConnector, AuthUser } from '@latch/core'
import { useState } from 'react'
import { useLatch } from '../context.js'

/** The switch's strings, the locale's own where it sets `accountTypeSwitch`. */
export const accountTypeMessages = (messages: object) => ({
  toEoa: 'Switch to your EOA',
  toSmartAccount: 'Switch to your Smart Account',
  failed: 'The account did not switch: {reason}',
  ...(messages as { accountTypeSwitch?: Record<string, string> }).accountTypeSwitch,
})

/**
 * "Switch to your EOA" / "Switch to your Smart Account" in the Account view of an email or social
 * user, on a network that offers smart accounts (the user then has both accounts). The choice is
 * the frame's (SET_PREFERRED_ACCOUNT, kept per network), and the page's account follows it.
 */
export default function AccountTypeSwitch({ auth, user }: { auth: AuthConnector; user: AuthUser }) {
  const { messages } = useLatch('AccountTypeSwitch')
  const t = accountTypeMessages(messages)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const other = user.accounts?.find((a) => a.type !== user.accountType)
  if (!other || !auth.setPreferredAccount) return null
  const label = other.type === 'eoa' ? t.toEoa : t.toSmartAccount

  const onClick = async () => {
    setBusy(true)
    setError(undefined)
    try {
      await auth.setPreferredAccount?.(other.type)
    } catch (e) {
      setError(t.failed.replace('{reason}', e instanceof Error ? e.message : String(e)))
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <button
        type="button"
        className="latch-list-item"
        data-testid="account-type-switch"
        data-account-type={other.type}
        disabled={busy}
        aria-busy={busy}
        onClick={onClick}
      >
        <span className="latch-wallet-name">{label}</span>
      </button>
      {error ? (
        <p className="latch-field-hint" role="alert" data-testid="account-type-switch-error">
          {error}
        </p>
      ) : null}
    </>
  )
}
