import { AccountActivity } from '../activity/AccountActivity.js'
import { activityMessages } from '../activity/activityMessages.js'
import { useLatch } from '../context.js'

export function Activity() {
  const { messages } = useLatch('Activity')
  return (
    <section
      className="latch-view latch-activity-view"
      data-testid="view-activity"
      aria-label={activityMessages(messages).title}
      // The list scrolls inside the dialog; keyboard users scroll it once it has focus.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
      tabIndex={0}
    >
      <AccountActivity />
    </section>
  )
}
