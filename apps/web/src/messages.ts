import { useLatch } from '@latch/react'
import type { signEn } from './signMessages'

/**
 * The web app's own strings in English: the `app` section of the page's one catalogue (the modal's
 * sections are @latch/react's). Another locale's `app` section (i18n/de.ts) loads with the kit's
 * strings for that locale (`localeMessages` in latch.ts).
 */
export const appMessages = {
  brand: 'Latch',
  walletNav: 'Wallet',
  network: 'Network: {name}. Switch network',
  landing: {
    title: 'Your wallet’s history, on your own server',
    // Filled in from what the page enables (landingText.ts): the chain families of its adapters,
    // WalletConnect, the embedded wallet's sign-ins, SIWX. It must not promise what the page lacks.
    body: 'Latch connects {families} browser wallets{walletConnect}{embedded}. It shows the wallet’s history by month and its names, sends and receives{siwx}. Switch networks from the header. Every cloud piece runs on your own server.',
    walletConnect: ', phones via WalletConnect',
    embedded: ' and an embedded wallet via email sign-in',
    embeddedSocial: ' and an embedded wallet via email, social or Farcaster sign-in',
    siwx: ', and signs you in with it (SIWX)',
    // A family's name on the landing where people say it otherwise than its traits' label.
    families: { eip155: 'EVM' } as Record<string, string>,
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
  status: {
    checking: 'Checking the local stack…',
    label: 'Local stack status',
    server: 'Server',
    database: 'Database',
    reachable: 'reachable',
    unreachable: 'unreachable',
    chainId: 'Chain id',
    latestBlock: 'Latest block',
  },
  /** The language links' label; each language is named in itself (LANGUAGE_NAMES). */
  language: 'Language',
}

export type AppMessages = typeof appMessages

/** The web app's whole `app` section: the first-load strings and the sign panel's. */
export type AppCatalogue = AppMessages & { sign: typeof signEn }

/** The `app` section of the page's catalogue: the locale's once loaded, English until then. */
export function useAppMessages(): AppMessages {
  return (useLatch('useAppMessages').messages as { app?: AppMessages }).app ?? appMessages
}
