import { closeModal } from '@latch/core'
import { useEffect, useRef, useState } from 'react'
import { useStore } from 'zustand'
import { useLatch } from '../context.js'
import { CheckIcon, CopyIcon } from '../modal/icons.js'
import { errorText } from './email.js'
import { QrCode } from './QrCode.js'
import { useCopyFeedback } from './useCopyFeedback.js'

type Phase = 'opening' | 'waiting' | 'connecting' | 'failed'

/**
 * docs/behaviour.md#views (ConnectingFarcaster): the channel's link as a QR code for the
 * visitor's phone, a button that opens the Farcaster app on this device, and a copy button.
 * The view waits for the app's signature, then connects through the embedded wallet's
 * connector; leaving the view stops waiting.
 */
export function ConnectingFarcaster() {
  // A retry is a new attempt from the start: a new channel, a new code.
  const [attempt, setAttempt] = useState(0)
  return <FarcasterAttempt key={attempt} onRetry={() => setAttempt((n) => n + 1)} />
}

function FarcasterAttempt({ onRetry }: { onRetry(): void }) {
  const { stores, controller, auth, messages } = useLatch('ConnectingFarcaster')
  const namespace = useStore(stores.chain, (s) => s.activeChain)
  const [url, setUrl] = useState<string | undefined>()
  const [phase, setPhase] = useState<Phase>('opening')
  const [failure, setFailure] = useState<string | undefined>()
  const { copied, copy } = useCopyFeedback()
  const retry = useRef<HTMLButtonElement>(null)
  const t = messages.farcaster

  useEffect(() => {
    if (!auth?.connectFarcaster || !namespace) return
    const abort = new AbortController()
    const run = async () => {
      try {
        await auth.connectFarcaster!({
          signal: abort.signal,
          onUrl(next) {
            setUrl(next)
            setPhase('waiting')
          },
        })
        if (abort.signal.aborted) return
        setPhase('connecting')
        await controller.connect({ namespace, connectorId: auth.connectorId })
        closeModal(stores.router)
      } catch (cause) {
        if (abort.signal.aborted) return
        setFailure(errorText(cause, messages.connecting.failed))
        setPhase('failed')
      }
    }
    void run()
    return () => abort.abort()
  }, [auth, controller, namespace, stores, messages])

  useEffect(() => {
    if (phase === 'failed') retry.current?.focus()
  }, [phase])

  return (
    <div
      className="latch-view latch-connecting latch-walletconnect"
      data-testid="view-farcaster"
      data-phase={phase}
    >
      {url && phase === 'waiting' ? (
        <QrCode text={url} label={t.qrLabel} testId="farcaster-qr" />
      ) : phase !== 'failed' ? (
        <div className="latch-qr latch-qr--placeholder" role="status">
          <span className="latch-spinner latch-spinner--ring" aria-hidden="true" />
          <span className="latch-visually-hidden">
            {phase === 'connecting' ? messages.social.connecting : messages.walletConnect.preparing}
          </span>
        </div>
      ) : null}
      {phase === 'waiting' ? (
        <p className="latch-connecting-title" role="status">
          {t.scan}
        </p>
      ) : null}
      {phase === 'failed' ? (
        <div role="alert" className="latch-walletconnect-outcome">
          <p className="latch-connecting-title latch-error-text">{failure}</p>
          <button ref={retry} type="button" className="latch-secondary-button" onClick={onRetry}>
            {messages.connecting.retry}
          </button>
        </div>
      ) : null}
      {url && phase === 'waiting' ? (
        <>
          <a className="latch-primary-button" href={url} data-testid="farcaster-open-app">
            {t.openApp}
          </a>
          <button
            type="button"
            className="latch-secondary-button latch-copy-button"
            onClick={() => copy(url)}
            data-testid="farcaster-copy"
          >
            {copied ? <CheckIcon /> : <CopyIcon />}
            {copied ? messages.walletConnect.copied : messages.walletConnect.copyLink}
          </button>
          <span role="status" className="latch-visually-hidden">
            {copied ? messages.walletConnect.copied : ''}
          </span>
        </>
      ) : null}
    </div>
  )
}
