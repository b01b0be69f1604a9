import { truncateAddress } from '@latch/core'

/** The Account view's strings for the picker, the locale's own where it sets `accountPicker`. */
export const pickerMessages = (messages: object) => ({
  switchAccount: 'Switch account ({count})',
  listLabel: 'Accounts',
  active: 'Active',
  pickLabel: 'Use {name} ({address})',
  failed: 'The wallet did not switch: {reason}',
  ...(messages as { accountPicker?: Record<string, string> }).accountPicker,
})

/** The short form the picker and the header share (4…6), for a screen reader too. */
export const shortAddress = (address: string) => truncateAddress(address)
