import { type FormEvent, useId, useRef, useState } from 'react'
import { useLatch } from '../context.js'
import { localText } from '../messages.js'
import { errorText, isValidEmail } from './email.js'

export interface EmailFormProps {
  label: string
  submitLabel: string
  /** Shown under the label and read with the field (e.g. the current email). */
  hint?: string | undefined
  /** A message for a well-formed email that still must not be sent, else undefined. */
  validate?: ((email: string) => string | undefined) | undefined
  /** Rejects with an error whose message is shown under the field. */
  onSubmit: (email: string) => Promise<void>
  testId?: string | undefined
  /** `data-section`, as the Connect view marks its blocks. */
  section?: string | undefined
}

/** One email field: checked here first, then sent; the connector's refusal shows inline. */
export function EmailForm({
  label,
  submitLabel,
  hint,
  validate,
  onSubmit,
  testId,
  section,
}: EmailFormProps) {
  const { messages } = useLatch('EmailForm')
  const t = messages.email
  const [value, setValue] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<{ message: string; invalid: boolean } | undefined>()
  const input = useRef<HTMLInputElement>(null)
  const busyRef = useRef(false)
  const id = useId()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busyRef.current) return
    const email = value.trim()
    const invalid = isValidEmail(email) ? validate?.(email) : t.invalid
    if (invalid) {
      setError({ message: invalid, invalid: true })
      input.current?.focus()
      return
    }
    setError(undefined)
    busyRef.current = true
    setBusy(true)
    try {
      await onSubmit(email)
    } catch (cause) {
      setError({ message: errorText(cause, t.failed), invalid: false })
      input.current?.focus()
    } finally {
      busyRef.current = false
      setBusy(false)
    }
  }

  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean)
  return (
    <form
      className="latch-form"
      noValidate
      onSubmit={submit}
      data-testid={testId}
      data-section={section}
    >
      <label htmlFor={`${id}-input`} className="latch-label">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="latch-field-hint">
          {hint}
        </p>
      ) : null}
      <input
        ref={input}
        id={`${id}-input`}
        className="latch-input"
        type="email"
        name="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={value}
        readOnly={busy}
        onChange={(event) => {
          setValue(event.target.value)
          if (error?.invalid) setError(undefined)
        }}
        aria-invalid={error?.invalid ? true : undefined}
        aria-describedby={describedBy.length ? describedBy.join(' ') : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="latch-field-error" role="alert">
          {localText(messages, error.message)}
        </p>
      ) : null}
      <button type="submit" className="latch-primary-button" disabled={busy}>
        {busy ? <span className="latch-spinner latch-spinner--small" aria-hidden="true" /> : null}
        {busy ? t.sending : submitLabel}
      </button>
      <span className="latch-visually-hidden" role="status">
        {busy ? t.sending : ''}
      </span>
    </form>
  )
}
