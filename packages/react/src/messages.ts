/**
 * Every string the UI shows, in one catalogue. English now; another locale is another object
 * of the same shape handed to <LatchProvider>.
 */
export const en = {
  activity: {
    title: 'Activity',
    loading: 'Loading activity…',
    emptyTitle: 'No activity yet',
    emptyBody: 'Transactions of this account on this network will show here.',
    errorTitle: "Couldn't load activity",
    retry: 'Try again',
    loadingMore: 'Loading more…',
    end: 'That is all of it.',
    viewOnExplorer: 'View on explorer',
    status: { confirmed: 'Confirmed', failed: 'Failed', pending: 'Pending' },
  },
} as const

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> }
export type Messages = Widen<typeof en>
