import type { AppCatalogue } from '../messages'

/** The web app's German (the `app` section): its own chunk, loaded with the kit's German. */
export const appDe: AppCatalogue = {
  brand: 'Latch',
  walletNav: 'Wallet',
  network: 'Netzwerk: {name}. Netzwerk wechseln',
  landing: {
    title: 'Der Verlauf Ihrer Wallet, auf Ihrem eigenen Server',
    body: 'Latch verbindet {families} Browser-Wallets{walletConnect}{embedded}. Es zeigt den Verlauf der Wallet nach Monaten und ihre Namen, sendet und empfängt{siwx}. Netzwerke wechseln Sie in der Kopfzeile. Jeder Cloud-Teil läuft auf Ihrem eigenen Server.',
    walletConnect: ', Telefone über WalletConnect',
    embedded: ' und eine eingebettete Wallet per E-Mail-Anmeldung',
    embeddedSocial: ' und eine eingebettete Wallet per E-Mail-, Social- oder Farcaster-Anmeldung',
    siwx: ' und meldet Sie damit an (SIWX)',
    families: { eip155: 'EVM' },
    cta: 'Verbinden Sie eine Wallet, um ihre Aktivität zu sehen',
    reconnecting: 'Verbinde erneut…',
  },
  signOpen: 'Nachricht signieren',
  siwx: {
    signedInUntil: 'Mit Ihrer Wallet angemeldet bis',
    notSignedIn: 'Mit dieser Wallet nicht angemeldet.',
    signIn: 'Anmelden',
    signOut: 'Abmelden',
  },
  activity: {
    title: 'Aktivität',
    context: 'auf {network}',
    loading: 'Aktivität wird geladen…',
  },
  status: {
    checking: 'Lokaler Stack wird geprüft…',
    label: 'Status des lokalen Stacks',
    server: 'Server',
    database: 'Datenbank',
    reachable: 'erreichbar',
    unreachable: 'nicht erreichbar',
    chainId: 'Chain-ID',
    latestBlock: 'Letzter Block',
  },
  language: 'Sprache',
  sign: {
    title: 'Nachricht signieren',
    label: 'Nachricht',
    defaultMessage: 'Hallo von Latch',
    submit: 'Mit Ihrer Wallet signieren',
    waiting: 'In Ihrer Wallet bestätigen…',
    signature: 'Signatur',
    checking: 'Signatur wird geprüft…',
    valid: '✓ Geprüft: von diesem Konto signiert',
    invalid: '✗ Die Signatur passt nicht zu diesem Konto',
  },
}
