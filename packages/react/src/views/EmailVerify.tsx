import { type ChainNamespace, closeModal, openModal, replaceView } from '@latch/core'
import { useEffect, useRef, useState } from 'react'
import { useStore } from 'zustand'
import { useLatch } from '../context.js'
import { fill } from '../messages.js'
import { errorText } from './email.js'
import { OtpForm } from './OtpForm.js'

function useEmail(): string | undefined {
  const { stores } = useLatch('useEmail')
  return useStore(stores.router, (s) => ('email' in s.route ? s.route.email : undefined))
}

/** Sign-in, last step: the mailed code, then the adapter connects through the AUTH connector. */
export function EmailVerifyOtp() {
  const { stores, controller, auth, messages } = useLatch('EmailVerifyOtp')
  const email = useEmail()
  const [failure, setFailure] = useState<string | undefined>()
  const [connecting, setConnecting] = useState(false)
  const retryButton = useRef<HTMLButtonElement>(null)
  const t = messages.email

  useEffect(() => {
    if (failure) retryButton.current?.focus()
  }, [failure])

  if (!auth) return <p className="latch-hint">{t.failed}</p>

  const namespace = (): ChainNamespace => {
    const active = stores.chain.getState().activeChain
    return active && auth.namespaces.includes(active) ? active : auth.namespaces[0]!
  }
  // The code is spent once checked: a failed connection is retried without asking for another.
  const connect = async () => {
    setConnecting(true)
    setFailure(undefined)
    try {
      await controller.connect({ namespace: namespace(), connectorId: auth.connectorId })
      closeModal(stores.router)
    } catch (cause) {
      setFailure(errorText(cause, t.failed))
    } finally {
      setConnecting(false)
    }
  }

  if (failure !== undefined || connecting)
    return (
      <div className="latch-view latch-email-view" data-testid="view-email-connect">
        {connecting ? (
          <p className="latch-hint" role="status">
            <span className="latch-spinner latch-spinner--small" aria-hidden="true" />{' '}
            {t.connecting}
          </p>
        ) : (
          <>
            <p className="latch-field-error" role="alert">
              {failure}
            </p>
            <button
              ref={retryButton}
              type="button"
              className="latch-secondary-button"
              onClick={() => void connect()}
            >
              {t.retry}
            </button>
          </>
        )}
      </div>
    )

  return (
    <div className="latch-view latch-email-view" data-testid="view-email-otp">
      <OtpForm
        label={fill(t.codeLabel, { email: email ?? t.yourEmail })}
        onSubmit={async (code) => {
          await auth.verifyEmailCode(code)
          await connect()
        }}
        onResend={email ? () => auth.sendEmailCode(email) : undefined}
      />
    </div>
  )
}

/** Sign-in on a new device: the server mails an approval link, then a code (docs/behaviour.md#flows). */
export function EmailVerifyDevice() {
  const { stores, auth, messages } = useLatch('EmailVerifyDevice')
  const email = useEmail()
  const [failure, setFailure] = useState<string | undefined>()
  const retryButton = useRef<HTMLButtonElement>(null)
  const t = messages.email

  // One wait per mount, also under StrictMode: its simulated unmount is followed at once by a
  // remount that keeps the same wait, so the abort is held back a microtask and then dropped.
  const wait = useRef<{ controller: AbortController; mounted: boolean } | undefined>(undefined)
  // biome-ignore lint/correctness/useExhaustiveDependencies: one wait per mount
  useEffect(() => {
    if (!auth) return
    let current = wait.current
    if (!current) {
      current = { controller: new AbortController(), mounted: true }
      wait.current = current
      const { signal } = current.controller
      auth.waitForDeviceApproval({ signal }).then(
        () => {
          if (!signal.aborted)
            replaceView(stores.router, { view: 'EmailVerifyOtp', email: email ?? '' })
        },
        (cause: unknown) => {
          if (!signal.aborted) setFailure(errorText(cause, t.failed))
        },
      )
    }
    const held = current
    held.mounted = true
    return () => {
      held.mounted = false
      queueMicrotask(() => {
        if (!held.mounted) held.controller.abort()
      })
    }
  }, [])

  useEffect(() => {
    if (failure) retryButton.current?.focus()
  }, [failure])

  return (
    <div className="latch-view latch-email-view" data-testid="view-email-device">
      <p className="latch-email-title">{t.deviceTitle}</p>
      <p className="latch-hint">{fill(t.deviceBody, { email: email ?? t.yourEmail })}</p>
      {failure === undefined ? (
        <p className="latch-hint latch-email-waiting" role="status">
          <span className="latch-spinner latch-spinner--small" aria-hidden="true" />{' '}
          {t.deviceWaiting}
        </p>
      ) : (
        <>
          <p className="latch-field-error" role="alert">
            {failure}
          </p>
          <button
            ref={retryButton}
            type="button"
            className="latch-secondary-button"
            onClick={() => openModal(stores.router, 'Connect')}
          >
            {t.retry}
          </button>
        </>
      )}
    </div>
  )
}
