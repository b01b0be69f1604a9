import { selectRoute } from '@latch/core'
import { useEffect, useRef } from 'react'
import { useStore } from 'zustand'
import { useLatch } from '../context.js'
import { fill } from '../messages.js'
import { connectFromModal } from '../modal/navigation.js'

type Phase = 'connecting' | 'rejected' | 'failed'

/**
 * Why a connection failed, when the kit itself said so for people (a LatchError, which carries a
 * category, under the generic failure: a wallet on none of the app's chains); a library's raw text
 * stays out of view. Told apart by its category rather than `instanceof`, which would cost the
 * modal's chunk an import.
 */
export const failureReason = (error: Error | undefined) => {
  const cause = error?.cause as { category?: unknown; message?: string } | undefined
  return cause?.category ? cause.message : undefined
}

/**
 * The progress of the connection the wallet click started: a spinner, then the modal closes, or
 * a retry after a refusal. The view asks nothing itself; only its retry button starts an attempt.
 */
export function ConnectingExternal() {
  const client = useLatch('ConnectingExternal')
  const { stores, messages } = client
  const connectorId = useStore(
    stores.router,
    (s) => selectRoute(s, 'ConnectingExternal')?.connectorId,
  )
  const connector = useStore(stores.connectors, (s) =>
    s.connectors.find((c) => c.id === connectorId),
  )
  const attempt = useStore(stores.connectors, (s) =>
    s.attempt?.connectorId === connectorId ? s.attempt : undefined,
  )
  // An attempt of another wallet (or none, when the view was opened directly) offers a retry.
  const phase: Phase =
    attempt?.status === 'rejected'
      ? 'rejected'
      : attempt?.status === 'pending' || attempt?.status === 'connected'
        ? 'connecting'
        : 'failed'
  const retryButton = useRef<HTMLButtonElement>(null)
  const t = messages.connecting
  const hint = phase === 'rejected' ? t.rejectedBody : failureReason(attempt?.error)

  useEffect(() => {
    if (phase !== 'connecting') retryButton.current?.focus()
  }, [phase])

  const name = connector?.name ?? ''
  return (
    <div className="latch-view latch-connecting" data-testid="view-connecting" data-phase={phase}>
      <div className="latch-connecting-visual">
        {connector?.imageUrl ? (
          <img
            className="latch-wallet-image latch-wallet-image--large"
            src={connector.imageUrl}
            alt=""
          />
        ) : (
          <span
            className="latch-wallet-image latch-wallet-image--large latch-wallet-image--fallback"
            aria-hidden="true"
          >
            {name.slice(0, 1)}
          </span>
        )}
        {phase === 'connecting' ? (
          <span className="latch-spinner latch-spinner--ring" aria-hidden="true" />
        ) : null}
      </div>
      {phase === 'connecting' ? (
        <div role="status">
          <p className="latch-connecting-title">{fill(t.continueIn, { name })}</p>
          <p className="latch-hint">{t.accept}</p>
        </div>
      ) : (
        <div role="alert">
          <p className="latch-connecting-title latch-error-text">
            {phase === 'rejected' ? t.rejected : t.failed}
          </p>
          {hint ? <p className="latch-hint">{hint}</p> : null}
        </div>
      )}
      {phase !== 'connecting' && connector ? (
        <button
          ref={retryButton}
          type="button"
          className="latch-secondary-button"
          onClick={() => void connectFromModal(client, connector)}
        >
          {t.retry}
        </button>
      ) : null}
    </div>
  )
}
