import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { useLatch } from '../context.js'
import { localText } from '../messages.js'
import { errorText } from './email.js'

export const CODE_LENGTH = 6

export interface OtpFormProps {
  /** The visible label, which says where the code went. */
  label: string
  /** Rejects with an error whose message is shown; the field is then cleared for another try. */
  onSubmit: (code: string) => Promise<void>
  /** Mails another code; its refusal (the 30 s throttle) shows like a wrong code. */
  onResend?: (() => Promise<unknown>) | undefined
}

const digits = (text: string) => text.replace(/\D/g, '').slice(0, CODE_LENGTH)

/**
 * The one-time code step of sign-in and of both email-update steps: one numeric field (the
 * browser and password managers fill it from the mail), sent as soon as six digits are in.
 */
export function OtpForm({ label, onSubmit, onResend }: OtpFormProps) {
  const { messages } = useLatch('OtpForm')
  const t = messages.email
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [resending, setResending] = useState(false)
  const [notice, setNotice] = useState('')
  const [error, setError] = useState<{ message: string; invalid: boolean } | undefined>()
  const input = useRef<HTMLInputElement>(null)
  const busyRef = useRef(false)
  const id = useId()

  useEffect(() => input.current?.focus(), [])

  const verify = async (value: string) => {
    if (busyRef.current) return
    if (value.length !== CODE_LENGTH) {
      setError({ message: t.codeInvalid, invalid: true })
      input.current?.focus()
      return
    }
    busyRef.current = true
    setBusy(true)
    setError(undefined)
    setNotice('')
    try {
      await onSubmit(value)
    } catch (cause) {
      setError({ message: errorText(cause, t.failed), invalid: true })
      setCode('')
      input.current?.focus()
    } finally {
      busyRef.current = false
      setBusy(false)
    }
  }

  const enter = (value: string) => {
    setCode(value)
    if (error?.invalid) setError(undefined)
    if (value.length === CODE_LENGTH) void verify(value)
  }

  const resend = async () => {
    if (!onResend) return
    setResending(true)
    setNotice('')
    setError(undefined)
    try {
      await onResend()
      setNotice(t.resent)
    } catch (cause) {
      setError({ message: errorText(cause, t.failed), invalid: false })
    } finally {
      setResending(false)
    }
    input.current?.focus()
  }

  const describedBy = error ? `${id}-error` : undefined
  return (
    <form
      className="latch-form latch-otp"
      noValidate
      data-testid="otp-form"
      onSubmit={(event: FormEvent) => {
        event.preventDefault()
        void verify(code)
      }}
    >
      <label htmlFor={`${id}-input`} className="latch-label">
        {label}
      </label>
      <input
        ref={input}
        id={`${id}-input`}
        className="latch-input latch-otp-input"
        type="text"
        name="one-time-code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CODE_LENGTH}
        pattern="[0-9]{6}"
        value={code}
        readOnly={busy}
        onChange={(event) => enter(digits(event.target.value))}
        onPaste={(event) => {
          // A pasted '123 456' is longer than maxlength: take its digits before the cut.
          const pasted = digits(event.clipboardData.getData('text'))
          if (pasted.length !== CODE_LENGTH) return
          event.preventDefault()
          enter(pasted)
        }}
        aria-invalid={error?.invalid ? true : undefined}
        aria-describedby={describedBy}
      />
      {error ? (
        <p id={`${id}-error`} className="latch-field-error" role="alert">
          {localText(messages, error.message)}
        </p>
      ) : null}
      <button type="submit" className="latch-primary-button" disabled={busy}>
        {busy ? <span className="latch-spinner latch-spinner--small" aria-hidden="true" /> : null}
        {busy ? t.verifying : t.confirm}
      </button>
      {onResend ? (
        <button
          type="button"
          className="latch-link-button"
          disabled={busy || resending}
          onClick={() => void resend()}
        >
          {t.resend}
        </button>
      ) : null}
      <p className="latch-field-hint" role="status">
        {resending ? t.resending : notice}
      </p>
      <span className="latch-visually-hidden" role="status">
        {busy ? t.verifying : ''}
      </span>
    </form>
  )
}
