import { AccountActivity, fill, useLatchAccount, useLatchNetwork } from '@latch/react'
import { appMessages } from './messages'

/** The connected account's history on the active network, as a full page. */
export function ActivityPage() {
  const { address } = useLatchAccount()
  const { network } = useLatchNetwork()
  return (
    <div className="app-activity">
      <div className="app-activity-head">
        <h2 id="activity-title">{appMessages.activity.title}</h2>
        <p className="app-activity-sub" data-testid="activity-context">
          <span className="app-mono">{address}</span>{' '}
          {fill(appMessages.activity.context, { network: network?.name ?? '' })}
        </p>
      </div>
      <AccountActivity />
    </div>
  )
}
