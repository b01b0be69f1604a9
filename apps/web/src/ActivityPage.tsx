import { AccountActivity, fill, useLatch, useLatchAccount, useLatchNetwork } from '@latch/react'
import { lazy, Suspense, useState } from 'react'
import { useAppMessages } from './messages'

// Only with wallet sign-in turned on (siwx.ts).
const SiwxStatus = lazy(() => import('./SiwxStatus').then((m) => ({ default: m.SiwxStatus })))

// Loaded on first use: signing is an action few visits take.
const SignMessagePanel = lazy(() =>
  import('./SignMessagePanel').then((m) => ({ default: m.SignMessagePanel })),
)

/** The connected account's history on the active network, as a full page. */
export function ActivityPage() {
  const { address } = useLatchAccount()
  const { network } = useLatchNetwork()
  const [signing, setSigning] = useState(false)
  const { config } = useLatch()
  const t = useAppMessages()
  return (
    <div className="app-activity">
      <div className="app-activity-head">
        <h2 id="activity-title">{t.activity.title}</h2>
        <p className="app-activity-sub" data-testid="activity-context">
          <span className="app-mono">{address}</span>{' '}
          {fill(t.activity.context, { network: network?.name ?? '' })}
        </p>
        <button
          type="button"
          className="app-link-button"
          aria-expanded={signing}
          onClick={() => setSigning((open) => !open)}
        >
          {t.signOpen}
        </button>
      </div>
      {config.siwx ? (
        <Suspense fallback={null}>
          <SiwxStatus />
        </Suspense>
      ) : null}
      {signing ? (
        <Suspense fallback={<p aria-busy="true">{t.signOpen}…</p>}>
          <SignMessagePanel />
        </Suspense>
      ) : null}
      <AccountActivity />
    </div>
  )
}
