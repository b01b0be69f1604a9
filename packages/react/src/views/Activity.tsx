import { AccountActivity } from '../activity/AccountActivity.js'

export function Activity() {
  return (
    <div className="latch-view latch-activity-view" data-testid="view-activity">
      <AccountActivity />
    </div>
  )
}
