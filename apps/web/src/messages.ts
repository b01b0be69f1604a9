/** The web app's own strings (the modal's come from @latch/react's catalogue). */
export const appMessages = {
  brand: 'Latch',
  walletNav: 'Wallet',
  network: 'Network: {name}. Switch network',
  landing: {
    title: 'Your wallet’s history, on your own server',
    body: 'Latch connects a visitor’s crypto wallet — EVM, Solana, Bitcoin, Polkadot or Cosmos, or an embedded wallet behind email sign-in — and shows that wallet’s transaction history, grouped by year and month. Every cloud piece runs on your own server.',
    cta: 'Connect a wallet to see its activity',
    reconnecting: 'Reconnecting…',
  },
  activity: {
    title: 'Activity',
    context: 'on {network}',
    loading: 'Loading activity…',
  },
}
