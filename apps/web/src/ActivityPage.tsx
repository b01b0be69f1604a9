import { AccountActivity, useAccount, useNetwork } from '@latch/react'

/** The connected account's history on the active network, as a full page. */
export function ActivityPage() {
  const { address } = useAccount()
  const { network } = useNetwork()
  return (
    <div className="app-activity">
      <div className="app-activity-head">
        <h2 id="activity-title">Activity</h2>
        <p className="app-activity-sub" data-testid="activity-context">
          <span className="app-mono">{address}</span> on {network?.name}
        </p>
      </div>
      <AccountActivity />
    </div>
  )
}
