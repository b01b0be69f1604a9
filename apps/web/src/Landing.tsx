import { useLatch, useLatchModal } from '@latch/react'
import { walletConnectProjectId } from './env'
import { landingBody } from './landingText'
import { useAppMessages } from './messages'

/** What a visitor without a connected wallet sees. */
export function Landing({ status }: { status: string }) {
  const modal = useLatchModal()
  const busy = status === 'reconnecting' || status === 'connecting'
  const t = useAppMessages().landing
  const { config, stores, locale } = useLatch()
  const features = stores.options.getState().features
  const body = landingBody(config, features, Boolean(walletConnectProjectId), t, locale)
  return (
    <section className="app-landing" aria-labelledby="landing-title">
      <h2 id="landing-title">{t.title}</h2>
      <p>{body}</p>
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
