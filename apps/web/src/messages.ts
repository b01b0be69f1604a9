/** The web app's own strings (the modal's come from @latch/react's catalogue). */
export const appMessages = {
  brand: 'Latch',
  walletNav: 'Wallet',
  network: 'Network: {name}. Switch network',
  landing: {
    title: 'Your wallet’s history, on your own server',
    // Only what works today: the page must not promise chains or sign-in methods it lacks.
    body: 'Latch connects a browser wallet on EVM networks, or an embedded wallet behind email sign-in, and shows its transaction history, grouped by year and month. Switch networks from the header. Every cloud piece runs on your own server.',
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
