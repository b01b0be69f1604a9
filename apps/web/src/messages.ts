/** The web app's own strings (the modal's come from @latch/react's catalogue). */
export const appMessages = {
  brand: 'Latch',
  walletNav: 'Wallet',
  network: 'Network: {name}. Switch network',
  landing: {
    title: 'Your wallet’s history, on your own server',
    // The paragraph is put together from what the app enables (landingText.ts), so it never
    // promises a chain family or a sign-in the page lacks, and names each one that lands.
    connects: 'Latch connects {list}.',
    browserWallets: 'browser wallets on {list} networks',
    walletConnect: 'phone wallets through WalletConnect',
    embedded: 'an embedded wallet you sign in to with {list}',
    signIn: { email: 'email', social: 'a social account', farcaster: 'Farcaster' },
    families: { eip155: 'EVM' } as Record<string, string>,
    does: 'It lets you {list}.',
    history: 'see the wallet’s transaction history grouped by year and month',
    sendReceive: 'send and receive',
    send: 'send',
    receive: 'receive',
    names: 'see names for addresses',
    siwx: 'sign in to the app with the wallet (SIWX)',
    rest: 'Switch networks from the header. Every cloud piece runs on your own server.',
    cta: 'Connect a wallet to see its activity',
    reconnecting: 'Reconnecting…',
  },
  // The sign panel's own strings load with it (SignMessagePanel.tsx).
  signOpen: 'Sign a message',
  siwx: {
    signedInUntil: 'Signed in with your wallet until',
    notSignedIn: 'Not signed in with this wallet.',
    signIn: 'Sign in',
    signOut: 'Sign out',
  },
  activity: {
    title: 'Activity',
    context: 'on {network}',
    loading: 'Loading activity…',
  },
}
