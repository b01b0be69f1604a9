import type { Messages, OccasionalMessages } from '../messages.js'

/** The activity list's English: with the list, which loads on use, not in `en` (first load). */
export const activityEn: OccasionalMessages['activity'] = {
  title: 'Activity',
  loading: 'Loading activity…',
  emptyTitle: 'No activity yet',
  emptyBody: 'Transactions of this account on this network will show here.',
  unsupportedTitle: 'No activity for this network',
  unsupportedBody: 'This server keeps no history for this network. Switch network to see more.',
  errorTitle: "Couldn't load activity",
  retry: 'Try again',
  loadingMore: 'Loading more…',
  end: 'That is all of it.',
  viewOnExplorer: 'View on explorer',
  sponsored: 'Sponsored',
  fee: 'Fee {amount}',
  status: { confirmed: 'Confirmed', failed: 'Failed', pending: 'Pending' },
}

/** The activity section: the English above, the locale's own where it sets them. */
export const activityMessages = (messages: Messages): OccasionalMessages['activity'] => ({
  ...activityEn,
  ...messages.activity,
})
