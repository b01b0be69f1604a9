/**
 * The strings the page and the modal's first views show, in English. Other languages are whole
 * catalogues in i18n/ (de.ts), loaded on demand for `config.locale` or the browser's language; an
 * app's own `config.messages` win over them key by key. Texts of docs/behaviour.md#errors are
 * verbatim. Views loaded on use keep their English beside them (see LazyMessages and
 * OccasionalMessages), so this object, which loads with the page, stays small.
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
      ConnectingMultiChain: '{name}',
      ConnectingWalletConnect: '{name}',
      ConnectingWalletConnectBasic: 'WalletConnect',
      ConnectingFarcaster: 'Farcaster',
      ConnectingSocial: 'Sign in',
      Account: 'Account',
      Networks: 'Select network',
      SwitchNetwork: '{name}',
      UnsupportedChain: 'Switch Network',
      Activity: 'Activity',
      EmailLogin: 'Continue with email',
      SwitchActiveChain: 'Switch chain',
      ApproveTransaction: 'Approve',
      EmailVerifyOtp: 'Confirm email',
      EmailVerifyDevice: 'Confirm email',
      UpdateEmailWallet: 'Edit email',
      UpdateEmailPrimaryOtp: 'Confirm current email',
      UpdateEmailSecondaryOtp: 'Confirm new email',
      WalletSend: 'Send',
      WalletSendPreview: 'Review send',
      WalletReceive: 'Receive',
      Buy: 'Buy crypto',
      BuyStatus: 'Your purchase',
      Swap: 'Swap',
      ProfileWallets: 'Wallets',
      SIWXSignMessage: 'Sign in',
      RegisterAccountName: 'Choose a name',
      RegisterAccountNameSuccess: 'Name registered',
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
    /** collapseWallets: the wallet list waits behind this button. */
    showWallets: 'Continue with a wallet',
    /** The branding footer (remote `reown_branding`). */
    branding: 'UX by Latch',
  },
  /** A chain namespace by name (one without an adapter shows its id): a wallet row's chains, the receive warning. */
  namespaces: { eip155: 'EVM', solana: 'Solana' } as Record<string, string>,
  /** ConnectingMultiChain: one wallet on several namespaces (docs/solana.md#wallets-on-two-chains). */
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
    buy: 'Buy',
    swap: 'Swap',
    send: 'Send',
    receive: 'Receive',
    wallets: 'Wallets ({count})',
    tokens: 'Tokens',
    tokensLoading: 'Loading balances…',
    tokensFailed: 'Balances are unavailable right now.',
    tokensRetry: 'Try again',
    chooseName: 'Choose a name',
  },
  wallets: {
    active: 'Active',
    switchTo: 'Use',
    switchLabel: 'Use {name}',
    disconnect: 'Disconnect',
    disconnectLabel: 'Disconnect {name}',
    add: 'Add wallet',
    disconnectAll: 'Disconnect all',
  },
  email: {
    label: 'Email',
    continue: 'Continue',
    sending: 'Sending…',
    or: 'or',
    invalid: 'Enter a valid email address, like name@example.com.',
    failed: 'Something went wrong. Try again.',
    yourEmail: 'your email',
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
  social: {
    groupLabel: 'Sign in with a social account',
    continueWith: 'Continue with {provider}',
  },
  networks: {
    listLabel: 'Networks',
    active: 'Active',
    switching: 'Approve in wallet',
    switchingBody: 'Accept the network switch in your wallet',
    switchFailed: 'Switch network failed',
    unknown: 'Unknown Network',
  },
  alerts: {
    dismiss: 'Dismiss',
  },
}

type Widen<T> = {
  [K in keyof T]: T[K] extends string
    ? string
    : T[K] extends Record<string, string>
      ? T[K]
      : Widen<T[K]>
}

/**
 * Strings of views only some chain families show (the fee rate picker, the pending balance). Their
 * English lives with those views (views/lazyMessages.ts), which load on use, so that `en`, which
 * loads with the page, does not grow for apps that never show them; a locale may set them in its
 * `send` and `account` sections.
 */
export interface LazyMessages {
  /** The send views' strings, with them in their chunk (views/WalletSendMessages.ts). */
  send: Record<
    | 'token'
    | 'amount'
    | 'amountMark'
    | 'max'
    | 'maxLabel'
    | 'available'
    | 'receiver'
    | 'receiverHint'
    | 'fee'
    | 'feeValue'
    | 'feeUnknown'
    | 'receiverPlaceholder'
    | 'receiverPlaceholderAddress'
    | 'rent'
    | 'preview'
    | 'noTokens'
    | 'sendLabel'
    | 'sending'
    | 'rejected'
    | 'pending'
    | 'confirmed'
    | 'failed'
    | 'transaction'
    | 'viewOnExplorer'
    | 'done'
    | 'network'
    | 'resolving'
    | 'resolved',
    string
  > & {
    feeRate: string
    /** A rate per virtual byte: `{rate} sat/vB`. */
    feeRateValue: string
    feeRateNextBlock: string
    feeRateBlocks: string
    feeRatesUnavailable: string
  }
  account: {
    /** Beside the confirmed balance, where the chain tells the two apart. */
    balancePending: string
  }
}

/**
 * Strings of views an app shows only sometimes: the other-namespace switch, the approval pending
 * in the secure frame, the email-only view, the legal checkbox, sign-in with the wallet, receive,
 * name registration, the email update, the activity list, WalletConnect's QR, all wallets, the
 * multi-chain pick, the unsupported-network view and the secure-window sign-in. Their English loads with them (beside each view); a
 * locale may set them.
 */
export interface OccasionalMessages {
  switchActiveChain: {
    heading: string
    body: string
    switch: string
    failed: string
  }
  approveTransaction: { heading: string; body: string }
  emailLogin: { unavailable: string }
  legal: { agree: string; terms: string; privacy: string; and: string }
  siwx: Record<
    'body' | 'signIn' | 'signing' | 'cancel' | 'cancelRequired' | 'cancelBack' | 'failed',
    string
  >
  receive: Record<'qr' | 'copy' | 'copied' | 'worksOn' | 'warning', string>
  names: Record<
    | 'label'
    | 'hint'
    | 'checking'
    | 'available'
    | 'taken'
    | 'suggestions'
    | 'register'
    | 'signing'
    | 'declined'
    | 'success'
    | 'successBody'
    | 'done',
    string
  >
  updateEmail: Record<
    'label' | 'current' | 'same' | 'newEmail' | 'currentEmail' | 'updated',
    string
  >
  /** The WalletConnect QR and phone views (views/ConnectingWalletConnect.tsx). */
  walletConnect: Record<
    | 'scan'
    | 'scanWith'
    | 'qrLabel'
    | 'preparing'
    | 'copyLink'
    | 'copied'
    | 'openDesktop'
    | 'openApp'
    | 'openAppHint'
    | 'refreshed'
    | 'expired'
    | 'chooseWallet'
    | 'noMobileWallets',
    string
  >
  allWallets: Record<
    | 'searchLabel'
    | 'searchPlaceholder'
    | 'searching'
    | 'loadingMore'
    | 'noResults'
    | 'error'
    | 'retry'
    | 'count',
    string
  >
  multiChain: Record<'body' | 'listLabel' | 'connected', string> & {
    /** One button per namespace; a namespace without its own text shows its name. */
    connectOn: Record<string, string>
  }
  unsupported: Record<'body' | 'disconnect', string>
  /** The sign-in views while the secure frame's own window runs the steps (docs/custody.md). */
  frame: Record<'title' | 'email' | 'social' | 'farcaster' | 'cancel', string>
  /** The account's history (activity/activityMessages.ts), in the modal and on an app's own page. */
  activity: Record<
    | 'title'
    | 'loading'
    | 'emptyTitle'
    | 'emptyBody'
    | 'unsupportedTitle'
    | 'unsupportedBody'
    | 'errorTitle'
    | 'retry'
    | 'loadingMore'
    | 'end'
    | 'viewOnExplorer'
    // A smart account's operation: who paid its fee (`{amount}`: the fee and its symbol).
    | 'sponsored'
    | 'fee',
    string
  > & {
    status: Record<'confirmed' | 'failed' | 'pending', string>
    /** The operation types' titles (core's operationTitles is the English); absent: core's. */
    operations?: Record<string, string>
  }
}

export type Messages = Widen<typeof en> & {
  send?: Partial<LazyMessages['send']>
  account: Partial<LazyMessages['account']>
} & { [section in keyof OccasionalMessages]?: Partial<OccasionalMessages[section]> } & {
  /** Core's alert and error texts in the locale, keyed by their English (i18n/english.ts). */
  errors?: Record<string, string>
}

/** Core's alert or error text in the locale where its catalogue has it (`errors`), else as is. */
export const localText = (messages: Messages, text: string): string =>
  messages.errors?.[text] ?? text

/** Fills `{name}` placeholders. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) =>
    key in values ? String(values[key]) : match,
  )
}
