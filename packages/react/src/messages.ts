/**
 * Every string the UI shows, in one catalogue. English now; another locale is another object
 * of the same shape handed to <LatchProvider> (`config.messages`). Texts of docs/behaviour.md#errors are verbatim.
 */
export const en = {
  button: {
    connect: 'Connect Wallet',
    connecting: 'Connecting…',
    reconnecting: 'Reconnecting…',
  },
  modal: {
    close: 'Close',
    back: 'Back',
    loading: 'Loading…',
    titles: {
      Connect: 'Connect Wallet',
      AllWallets: 'All Wallets',
      ConnectingExternal: '{name}',
      Account: 'Account',
      Networks: 'Select network',
      SwitchNetwork: '{name}',
      UnsupportedChain: 'Switch Network',
      Activity: 'Activity',
      EmailLogin: 'Confirm email',
      EmailVerifyOtp: 'Confirm email',
      EmailVerifyDevice: 'Register device',
      UpdateEmailWallet: 'Edit email',
      UpdateEmailPrimaryOtp: 'Confirm current email',
      UpdateEmailSecondaryOtp: 'Confirm new email',
    } as Record<string, string>,
  },
  connect: {
    sections: {
      walletConnect: 'WalletConnect',
      recent: 'Recent',
      injected: 'Installed',
      featured: 'Featured',
      custom: 'Custom',
      external: 'Other wallets',
      recommended: 'Recommended',
    },
    installed: 'Installed',
    recent: 'Recent',
    allWallets: 'All Wallets',
    noWallets: 'No wallet was found in this browser. Browse the catalogue to get one.',
    getWallet: 'Get {name} (opens its website)',
  },
  allWallets: {
    searchLabel: 'Search wallets',
    searchPlaceholder: 'Search wallet',
    searching: 'Searching…',
    loadingMore: 'Loading more wallets…',
    noResults: 'No wallet found',
    error: "Couldn't load the wallet catalogue",
    retry: 'Try again',
    count: '{count} wallets',
  },
  connecting: {
    continueIn: 'Continue in {name}',
    accept: 'Accept the connection request in the wallet',
    rejected: 'Connection rejected',
    failed: 'Failed to connect',
    rejectedBody: 'The request was declined in the wallet.',
    retry: 'Try again',
  },
  account: {
    copy: 'Copy address',
    copied: 'Address copied',
    balance: 'Balance',
    balanceUnavailable: 'Token Balance Unavailable',
    network: 'Network: {name}',
    explorer: 'Block Explorer',
    activity: 'Activity',
    disconnect: 'Disconnect',
    signedInAs: 'Signed in as',
    updateEmail: 'Update email',
  },
  email: {
    label: 'Email',
    continue: 'Continue',
    sending: 'Sending…',
    or: 'or',
    invalid: 'Enter a valid email address, like name@example.com.',
    failed: 'Something went wrong. Try again.',
    yourEmail: 'your email',
    deviceTitle: 'Register this device',
    deviceBody: 'We emailed an approval link to {email}. Open it to continue here.',
    deviceWaiting: 'Waiting for approval…',
    retry: 'Try again',
    codeLabel: 'Enter the code we sent to {email}',
    codeInvalid: 'Enter the 6-digit code from the email.',
    confirm: 'Confirm',
    verifying: 'Verifying…',
    connecting: 'Signing in…',
    resend: 'Resend code',
    resending: 'Sending a new code…',
    resent: 'A new code is on its way.',
  },
  updateEmail: {
    label: 'New email',
    current: 'Current email: {email}',
    same: 'This is already your email. Enter a different one.',
    newEmail: 'your new email',
    currentEmail: 'your current email',
    updated: 'Email updated to {email}',
  },
  networks: {
    listLabel: 'Networks',
    active: 'Active',
    switching: 'Approve in wallet',
    switchingBody: 'Accept the network switch in your wallet',
    switchFailed: 'Switch network failed',
    unknown: 'Unknown Network',
  },
  unsupported: {
    body: "This app doesn't support your current network. Switch to an available option to continue.",
    disconnect: 'Disconnect',
  },
  alerts: {
    dismiss: 'Dismiss',
  },
  activity: {
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
    status: { confirmed: 'Confirmed', failed: 'Failed', pending: 'Pending' },
  },
}

type Widen<T> = {
  [K in keyof T]: T[K] extends string
    ? string
    : T[K] extends Record<string, string>
      ? T[K]
      : Widen<T[K]>
}
export type Messages = Widen<typeof en>

/** Fills `{name}` placeholders. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) =>
    key in values ? String(values[key]) : match,
  )
}
