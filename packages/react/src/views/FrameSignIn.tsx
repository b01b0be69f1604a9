import {
  type ChainNamespace,
  closeModal,
  findRpcCode,
  goBack,
  type RouterStore,
  replaceView,
} from '@latch/core'
import { useEffect, useRef, useState } from 'react'
import { useLatch } from '../context.js'
import type { Messages, OccasionalMessages } from '../messages.js'
import { errorText } from './email.js'

const english: OccasionalMessages['frame'] = {
  title: 'Continue in the wallet window',
  email:
    'Enter the code we sent to {email} in the secure wallet window. Never type it anywhere else.',
  social: 'Finish signing in with {provider} in the secure wallet window.',
  farcaster:
    'Scan the QR code in the secure wallet window with your Farcaster app, then confirm the account there.',
  cancel: 'Cancel',
}

/** The frame strings: the English above (in the sign-in views' chunk), the locale's own where it sets them. */
export const frameMessages = (messages: Messages) => ({ ...english, ...messages.frame })

type Phase = 'waiting' | 'connecting' | 'failed' | 'connectFailed'

export interface FrameSignInProps {
  testId: string
  /** What the visitor does in the secure frame's window, read out while the view waits. */
  body: string
  /**
   * Runs the sign-in in the secure frame; resolves once the session exists. Called once per
   * attempt (a retry is a new attempt); `signal` aborts when the visitor leaves the view.
   */
  start(signal: AbortSignal): Promise<void>
}

/**
 * docs/custody.md#sign-in-in-the-frame: every sign-in step (the mailed code, the device approval,
 * the provider's popup, Farcaster's QR code) is the secure frame's own window, shown above the
 * modal. This view only waits for the outcome, then connects through the AUTH connector; the
 * page never sees a code, a link or a provider's answer. A cancel in the frame (4001) goes back
 * silently; any other failure is shown with a retry.
 */
export function FrameSignIn({ testId, body, start }: FrameSignInProps) {
  const { stores, controller, auth, messages } = useLatch('FrameSignIn')
  const [attempt, setAttempt] = useState(0)
  const [phase, setPhase] = useState<Phase>('waiting')
  const [failure, setFailure] = useState('')
  const retryButton = useRef<HTMLButtonElement>(null)
  const t = frameMessages(messages)
  const failed = messages.email.failed

  // The session is made once the frame resolves: a failed connection is retried on its own,
  // without signing in again.
  const connect = async () => {
    if (!auth) return
    setPhase('connecting')
    const active = stores.chain.getState().activeChain
    const namespace: ChainNamespace =
      active && auth.namespaces.includes(active) ? active : auth.namespaces[0]!
    try {
      await controller.connect({ namespace, connectorId: auth.connectorId })
      closeModal(stores.router)
    } catch (cause) {
      setFailure(errorText(cause, failed))
      setPhase('connectFailed')
    }
  }

  // One sign-in per attempt, also under StrictMode: its simulated unmount is followed at once
  // by a remount that keeps the same attempt, so the abort is held back a microtask and then
  // dropped. A second call would mail a second code (and meet the connector's 30 s throttle).
  const held = useRef<{ attempt: number; abort: AbortController; mounted: boolean }>(undefined)
  // biome-ignore lint/correctness/useExhaustiveDependencies: one sign-in per attempt
  useEffect(() => {
    if (!auth) return
    let current = held.current
    if (current?.attempt !== attempt) {
      current = { attempt, abort: new AbortController(), mounted: true }
      held.current = current
      const { signal } = current.abort
      start(signal).then(
        () => {
          if (!signal.aborted) void connect()
        },
        (cause: unknown) => {
          if (signal.aborted) return
          if (findRpcCode(cause) === 4001) leave(stores.router)
          else {
            setFailure(errorText(cause, failed))
            setPhase('failed')
          }
        },
      )
    }
    const mine = current
    mine.mounted = true
    return () => {
      mine.mounted = false
      queueMicrotask(() => {
        if (!mine.mounted) mine.abort.abort()
      })
    }
  }, [attempt])

  useEffect(() => {
    if (phase === 'failed' || phase === 'connectFailed') retryButton.current?.focus()
  }, [phase])

  const retry = () => {
    if (phase === 'connectFailed') void connect()
    else {
      setPhase('waiting')
      setAttempt((n) => n + 1)
    }
  }

  const failing = phase === 'failed' || phase === 'connectFailed'
  return (
    <div className="latch-view latch-connecting" data-testid={testId} data-phase={phase}>
      {failing ? null : (
        <>
          <div className="latch-connecting-visual" aria-hidden="true">
            <span className="latch-spinner latch-spinner--ring" />
          </div>
          <h3 className="latch-connecting-title">{t.title}</h3>
        </>
      )}
      {/* Always in the document, so a change of its text is announced. */}
      <p className="latch-hint" role="status" aria-live="polite">
        {failing ? '' : phase === 'connecting' ? messages.email.connecting : body}
      </p>
      {failing ? (
        <>
          <p className="latch-connecting-title latch-error-text" role="alert">
            {failure}
          </p>
          <button
            ref={retryButton}
            type="button"
            className="latch-secondary-button"
            onClick={retry}
          >
            {messages.email.retry}
          </button>
        </>
      ) : null}
      {phase === 'connecting' ? null : (
        <button type="button" className="latch-link-button" onClick={() => leave(stores.router)}>
          {t.cancel}
        </button>
      )}
    </div>
  )
}

/** Back to where the sign-in was picked; a view opened on its own goes to Connect. */
function leave(router: RouterStore) {
  if (router.getState().history.length > 1) goBack(router)
  else replaceView(router, 'Connect')
}
