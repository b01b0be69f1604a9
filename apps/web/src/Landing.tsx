import { useLatch, useLatchModal } from '@latch/react'
import { useSyncExternalStore } from 'react'
import { walletConnectProjectId } from './env'
import { landingBody, landingFacts } from './landingText'
import { appMessages } from './messages'

/** What a visitor without a connected wallet sees. */
export function Landing({ status }: { status: string }) {
  const modal = useLatchModal()
  const busy = status === 'reconnecting' || status === 'connecting'
  const t = appMessages.landing
  const client = useLatch()
  // The project's remote config may turn features off after the first paint.
  const { options } = client.stores
  const features = useSyncExternalStore(options.subscribe, () => options.getState().features)
  const body = landingBody(landingFacts(client, features, Boolean(walletConnectProjectId)))
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
