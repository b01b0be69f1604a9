import { replaceView } from '@latch/core'
import {
  AccountNameError,
  DEFAULT_NAME_SUFFIX,
  getNameSuggestions,
  labelOf,
  nameProblem,
  nameProblemMessages,
  registerAccountName,
} from '@latch/core/names'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { useLatch } from '../context.js'
import { fill, type Messages, type OccasionalMessages } from '../messages.js'
import { ensureWalletStyles } from '../theme/walletStyles.js'

const english: OccasionalMessages['names'] = {
  label: 'Name',
  hint: 'Letters, digits and hyphens; at least 4. It shows instead of your address.',
  checking: 'Checking…',
  available: '{name} is available',
  taken: '{name} is taken',
  suggestions: 'Available instead',
  register: 'Register',
  signing: 'Confirm in your wallet…',
  declined: 'You declined the signature in your wallet.',
  success: '{name} is yours',
  successBody: 'Apps using this server now show it instead of your address.',
  done: 'Done',
}

/** The names strings: the English above (in this view's chunk), the locale's own where it sets them. */
export const nameMessages = (messages: Messages) => ({ ...english, ...messages.names })

type Availability =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'invalid'; message: string }
  | { state: 'known'; name: string; registered: boolean; alternatives: string[] }
  | { state: 'failed'; message: string }

/**
 * docs/behaviour.md#name-registration: a label checked against the rules as it is typed and
 * against the registry after a pause (with free alternatives when it is taken), then the
 * wallet's signature, then RegisterAccountNameSuccess. A failure stays here and says why.
 */
export function RegisterAccountName() {
  const { stores, controller, config, messages } = useLatch('RegisterAccountName')
  const server = { serverUrl: config.serverUrl, projectId: config.projectId }
  const [label, setLabel] = useState('')
  const [suffix, setSuffix] = useState(DEFAULT_NAME_SUFFIX)
  const [availability, setAvailability] = useState<Availability>({ state: 'idle' })
  const [signing, setSigning] = useState(false)
  const [failure, setFailure] = useState<string>()
  // Bumped to ask the registry again about the same label (it was taken meanwhile).
  const [recheck, setRecheck] = useState(0)
  const ids = { input: useId(), status: useId(), hint: useId(), error: useId() }
  const t = nameMessages(messages)
  ensureWalletStyles()

  // biome-ignore lint/correctness/useExhaustiveDependencies: the server is fixed per client; recheck asks again
  useEffect(() => {
    if (!label) return setAvailability({ state: 'idle' })
    const problem = nameProblem(label)
    if (problem) return setAvailability({ state: 'invalid', message: nameProblemMessages[problem] })
    setAvailability({ state: 'checking' })
    const abort = new AbortController()
    const timer = setTimeout(() => {
      getNameSuggestions(server, label, { signal: abort.signal }).then(
        (suggestions) => {
          const [asked, ...others] = suggestions
          if (!asked) return setAvailability({ state: 'failed', message: t.checking })
          // The server's zone: what the field's tail shows and what is signed.
          const zone = asked.name.slice(asked.name.indexOf('.') + 1)
          setSuffix(zone)
          setAvailability({
            state: 'known',
            name: asked.name,
            registered: asked.registered,
            alternatives: others.map((o) => o.name),
          })
        },
        (error: unknown) => {
          if (abort.signal.aborted) return
          setAvailability({
            state: 'failed',
            message: error instanceof Error ? error.message : String(error),
          })
        },
      )
    }, 300)
    return () => {
      abort.abort()
      clearTimeout(timer)
    }
  }, [label, recheck])

  const available = availability.state === 'known' && !availability.registered
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!available || signing) return
    setSigning(true)
    setFailure(undefined)
    registerAccountName(controller, server, { name: availability.name, suffix }).then(
      (record) =>
        replaceView(stores.router, {
          view: 'RegisterAccountNameSuccess',
          name: record.name,
        }),
      (error: unknown) => {
        setSigning(false)
        const declined = error instanceof AccountNameError && error.code === 'USER_REJECTED'
        setFailure(declined ? t.declined : error instanceof Error ? error.message : String(error))
        // Taken in the meantime: the check runs again and offers alternatives.
        if (error instanceof AccountNameError && error.code === 'NAME_TAKEN')
          setRecheck((n) => n + 1)
      },
    )
  }

  const status =
    availability.state === 'checking'
      ? t.checking
      : availability.state === 'known'
        ? fill(availability.registered ? t.taken : t.available, { name: availability.name })
        : availability.state === 'invalid' || availability.state === 'failed'
          ? availability.message
          : ''
  const invalid =
    availability.state === 'invalid' || (availability.state === 'known' && availability.registered)

  return (
    <form
      className="latch-view latch-form"
      data-testid="view-register-name"
      onSubmit={onSubmit}
      noValidate
    >
      <label className="latch-label" htmlFor={ids.input}>
        {t.label}
      </label>
      <div className="latch-amount-row">
        <input
          id={ids.input}
          className="latch-input"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={63}
          value={label}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={[ids.status, ids.hint, failure ? ids.error : ''].join(' ').trim()}
          disabled={signing}
          onChange={(event) => {
            setFailure(undefined)
            const typed = event.target.value.trim()
            setLabel(labelOf(typed, suffix) ?? typed)
          }}
        />
        <span className="latch-name-suffix" aria-hidden="true">
          .{suffix}
        </span>
      </div>
      <p className="latch-field-hint" id={ids.hint}>
        {t.hint}
      </p>
      <p
        className={invalid ? 'latch-field-error' : 'latch-field-hint'}
        id={ids.status}
        role="status"
        data-testid="name-availability"
      >
        {status}
      </p>
      {availability.state === 'known' &&
      availability.registered &&
      availability.alternatives.length ? (
        <div className="latch-stack">
          <p className="latch-label">{t.suggestions}</p>
          {availability.alternatives.map((name) => (
            <button
              key={name}
              type="button"
              className="latch-list-item"
              onClick={() => setLabel(labelOf(name, suffix) ?? name)}
            >
              <span className="latch-wallet-name">{name}</span>
            </button>
          ))}
        </div>
      ) : null}
      {failure ? (
        <p className="latch-field-error" id={ids.error} role="alert">
          {failure}
        </p>
      ) : null}
      <button type="submit" className="latch-primary-button" disabled={!available || signing}>
        {signing ? t.signing : t.register}
      </button>
    </form>
  )
}
