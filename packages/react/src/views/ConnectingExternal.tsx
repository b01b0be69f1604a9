import { ConnectionRejectedError, closeModal } from '@latch/core'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useStore } from 'zustand'
import { useLatch } from '../context.js'
import { fill } from '../messages.js'

type Phase = 'connecting' | 'rejected' | 'failed'

/** Asks the wallet to connect: a spinner, then the modal closes, or a retry after a refusal. */
export function ConnectingExternal() {
  const { stores, controller, messages } = useLatch('ConnectingExternal')
  const connectorId = useStore(stores.router, (s) => s.data?.connectorId)
  const connector = useStore(stores.connectors, (s) =>
    s.connectors.find((c) => c.id === connectorId),
  )
  const [phase, setPhase] = useState<Phase>('connecting')
  const [attempt, setAttempt] = useState(0)
  const retryButton = useRef<HTMLButtonElement>(null)
  const t = messages.connecting

  const run = useCallback(async () => {
    if (!connector) return
    setPhase('connecting')
    try {
      await controller.connect({ namespace: connector.chain, connectorId: connector.id })
      closeModal(stores.router)
    } catch (error) {
      setPhase(error instanceof ConnectionRejectedError ? 'rejected' : 'failed')
    }
  }, [connector, controller, stores])

  // One wallet request per attempt, also under StrictMode's double effects.
  const started = useRef('')
  // biome-ignore lint/correctness/useExhaustiveDependencies: one request per attempt
  useEffect(() => {
    const key = `${attempt}|${connector?.id}`
    if (!connector || started.current === key) return
    started.current = key
    run()
  }, [attempt, connector?.id])

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
          {phase === 'rejected' ? <p className="latch-hint">{t.rejectedBody}</p> : null}
        </div>
      )}
      {phase !== 'connecting' ? (
        <button
          ref={retryButton}
          type="button"
          className="latch-secondary-button"
          onClick={() => setAttempt((n) => n + 1)}
        >
          {t.retry}
        </button>
      ) : null}
    </div>
  )
}
