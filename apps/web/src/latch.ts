import {
  arbitrumNetwork,
  baseNetwork,
  createDevNetwork,
  type EvmNetwork,
  ethereumNetwork,
  evmMainnets,
  imageUrl,
  optimismNetwork,
  polygonNetwork,
  sepoliaNetwork,
  withRpcProxy,
} from '@latch/core'
import { createEvmAdapter, type EvmAdapter } from '@latch/core/evm'
import { createWalletConnectSessions, walletConnect } from '@latch/core/walletconnect'
import { createAuthConnector, type LatchAuthConnector } from '@latch/frame/connector'
import { createLatchClient, type LatchClient, type LatchConfig } from '@latch/react'
import { devLegalOptions } from './devLegal'
import {
  chainRpcUrl,
  frameUrl,
  isDev,
  projectId,
  serverUrl,
  walletConnectProjectId,
  walletConnectRelayUrl,
} from './env'
import { families } from './families'
import { appMessages } from './messages'
import { demoSiwx } from './siwx'

// Public networks reach their nodes through the Latch server's JSON-RPC proxy, so the page
// talks to one origin only (and a dev or test stack never leaves loopback).
const proxied = (networks: readonly EvmNetwork[]) =>
  networks.map((n) => withRpcProxy(n, serverUrl, projectId))

// Pure, so a production build (no dev chain) drops it and createDevNetwork from the first load.
export const devNetwork = /*#__PURE__*/ createDevNetwork(chainRpcUrl)

/** Development: the seeded dev chain first (the default) and a few public networks. */
export const networks: EvmNetwork[] = isDev
  ? [
      devNetwork,
      ...proxied([
        ethereumNetwork,
        sepoliaNetwork,
        baseNetwork,
        optimismNetwork,
        arbitrumNetwork,
        polygonNetwork,
      ]),
    ]
  : proxied(evmMainnets)

/** A visitor's own opt-out: analytics stay off (and no analytics request is made) when set. */
export const ANALYTICS_OPT_OUT_KEY = 'latch-web.analytics'

function analyticsOptedOut(): boolean {
  try {
    return globalThis.localStorage?.getItem(ANALYTICS_OPT_OUT_KEY) === 'off'
  } catch {
    return false
  }
}

/** What development builds expose on `window.__latchDev`, for the e2e tests to sign through. */
export interface LatchDevHandles {
  adapter: EvmAdapter
  auth: LatchAuthConnector
}

let pageClient: LatchClient | undefined

/**
 * The page's one client. StrictMode runs state initializers twice; two clients would mean two
 * wagmi configs, two AUTH connectors, and the dev handles pointing at the one React dropped.
 */
export function createPageClient(): LatchClient {
  pageClient ??= buildPageClient()
  return pageClient
}

function buildPageClient(): LatchClient {
  const config = buildLatchConfig()
  const client = createLatchClient(config)
  const start = client.initialize
  // The opt-out is read when Latch starts, after the first paint, not with the config: a page's
  // first localStorage access is slow and would hold back the connect button. Nothing tracks an
  // event before the start (analytics load with the provider services it starts).
  client.initialize = () => {
    if (analyticsOptedOut()) {
      // The provider services read these as the local settings.
      config.features = { ...config.features, analytics: false }
      client.stores.options.setState((s) => ({ features: { ...s.features, analytics: false } }))
    }
    return start()
  }
  return client
}

// False only in a build that sets none of the families' variables (vite.config.ts), where every
// family is off: then the family wiring below folds away (first-load bytes). Unknown (a test): on.
const familiesOn = import.meta.env.LATCH_FAMILY_VARIABLES !== ''

function buildLatchConfig(): LatchConfig {
  // One WalletConnect pairing serves the families that share it (families/): what a wallet
  // approves in their namespace connects their adapter. Checked here so a build without
  // WalletConnect folds it away.
  const sessions =
    walletConnectProjectId && familiesOn && families.some((family) => family.sharesWalletConnect)
      ? createWalletConnectSessions()
      : undefined
  // Email sign-in: the secure frame holds the embedded wallet; it loads on first use only.
  const auth = createAuthConnector({
    frameUrl,
    projectId,
    serverUrl,
    chainId: Number(networks[0]!.id),
    // What the families add (Solana: its embedded account's chains); none in a build without them.
    ...(familiesOn && Object.assign({}, ...families.map((family) => family.auth))),
    // Email and social users get a Safe smart account on the dev chain, where `npm start` runs a
    // bundler (docs/smart-accounts.md). Development only, read here so a build folds it away.
    ...(import.meta.env.DEV && { smartAccountNetworks: [Number(devNetwork.id)] }),
  })
  const adapter = createEvmAdapter({
    networks,
    // Checked here so a build without it folds the call away (first-load bytes).
    connectors: [
      auth.connector,
      ...(walletConnectProjectId ? walletConnectConnectors(sessions) : []),
    ],
    assetImageUrl: (id) => imageUrl(serverUrl, 'asset', id),
  })
  if (isDev) (globalThis as { __latchDev?: LatchDevHandles }).__latchDev = { adapter, auth }
  return {
    projectId,
    serverUrl,
    adapters: [
      adapter,
      ...(familiesOn
        ? families.map((family) =>
            family.createAdapter({
              auth,
              walletConnect: family.sharesWalletConnect ? sessions : undefined,
            }),
          )
        : []),
    ],
    auth,
    networks: familiesOn
      ? [...networks, ...families.flatMap((family) => family.networks)]
      : networks,
    defaultNetwork: networks[0],
    // Twenty rows fill a screen; the next page comes as the list scrolls.
    historyPageSize: 20,
    siwx: typeof window === 'undefined' ? undefined : demoSiwx(window.location.search),
    // ?lang=de picks the language; without it the browser's (navigator.languages) is followed.
    locale:
      typeof window === 'undefined'
        ? undefined
        : (new URLSearchParams(window.location.search).get('lang') ?? undefined),
    // The app's own German loads with the kit's, only for a German page.
    localeMessages: { de: () => import('./i18n/de').then((m) => ({ app: m.appDe })) },
    // The secure frame shows the name as the page's own claim (docs/embedded-wallet.md). The
    // strings are the landing's, already in the first chunk: new text here would grow first load.
    options: {
      metadata: {
        name: appMessages.brand,
        description: appMessages.landing.title,
        url: location.origin,
        icons: [],
      },
    },
    // Development only (?legalTerms=, ?legalPrivacy=): the legal checkbox, for its e2e spec.
    ...(isDev && typeof window !== 'undefined' && devLegalOptions(window.location.search)),
  }
}

/**
 * WalletConnect when a project id is configured; otherwise it and the phone-only wallets are not
 * offered at all. The SDK loads on the visitor's pick, not with the page.
 */
function walletConnectConnectors(sessions?: ReturnType<typeof createWalletConnectSessions>) {
  if (!walletConnectProjectId || typeof window === 'undefined') return []
  // Development builds let a test shorten the 4-minute pairing expiry (?wcPairingExpiry=ms).
  const expiry = isDev
    ? Number(new URLSearchParams(window.location.search).get('wcPairingExpiry')) || undefined
    : undefined
  return [
    walletConnect({
      projectId: walletConnectProjectId,
      relayUrl: walletConnectRelayUrl,
      // The proposal asks for the chains of the families that share the session.
      networks: sessions
        ? [
            ...networks,
            ...families.flatMap((family) => (family.sharesWalletConnect ? family.networks : [])),
          ]
        : networks,
      sessions,
      pairingExpiryMs: expiry,
      metadata: {
        name: appMessages.brand,
        description: appMessages.landing.title,
        url: window.location.origin,
        icons: [],
      },
    }),
  ]
}
