import { useLatchModal } from '@latch/react'
import { appMessages } from './messages'

/** What a visitor without a connected wallet sees. */
export function Landing({ status }: { status: string }) {
  const modal = useLatchModal()
  const busy = status === 'reconnecting' || status === 'connecting'
  const t = appMessages.landing
  return (
    <section className="app-landing" aria-labelledby="landing-title">
      <h2 id="landing-title">{t.title}</h2>
      <p>{t.body}</p>
      <button
        type="button"
        className="app-cta"
        aria-haspopup="dialog"
        disabled={busy}
        onClick={() => modal.open({ view: 'Connect' })}
      >
        {busy ? t.reconnecting : t.cta}
      </button>
    </section>
  )
}
