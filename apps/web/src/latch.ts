import {
  arbitrumNetwork,
  baseNetwork,
  bitcoinMainnet,
  bitcoinRegtest,
  type CaipNetwork,
  createDevNetwork,
  type EvmNetwork,
  ethereumNetwork,
  evmMainnets,
  imageUrl,
  optimismNetwork,
  polygonNetwork,
  type SolanaNetwork,
  sepoliaNetwork,
  solanaLocalnet,
  solanaMainnet,
  withRpcProxy,
} from '@latch/core'
import { createLazyBitcoinAdapter } from '@latch/core/bitcoin'
import {
  cosmosDevNetwork,
  cosmosHubNetwork,
  createLazyCosmosAdapter,
  withCosmosNodeUrls,
} from '@latch/core/cosmos'
import { createEvmAdapter, type EvmAdapter } from '@latch/core/evm'
import {
  createLazyPolkadotAdapter,
  createPolkadotDevNetwork,
  polkadotNetwork,
} from '@latch/core/polkadot'
import { createLazySolanaAdapter } from '@latch/core/solana'
import { createWalletConnectSessions, walletConnect } from '@latch/core/walletconnect'
import { createAuthConnector, type LatchAuthConnector } from '@latch/frame/connector'
import { createLatchClient, type LatchClient, type LatchConfig } from '@latch/react'
import {
  chainRpcUrl,
  frameUrl,
  isDev,
  projectId,
  serverUrl,
  walletConnectProjectId,
  walletConnectRelayUrl,
} from './env'
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

/**
 * Solana when a cluster's RPC url is configured (VITE_LATCH_SOLANA_RPC_URL, LATCH_SOLANA_PORT under
 * `npm start`): the local cluster in development, mainnet in a build. The url is a build-time
 * constant, so a build without it carries no Solana code; with it, wallet discovery runs with the
 * page and the adapter loads on the first Solana connect (docs/solana.md#wallets).
 */
// Read here, not through env.ts: the bundler folds the constant only within one module.
export const solanaNetwork: SolanaNetwork | undefined = import.meta.env.VITE_LATCH_SOLANA_RPC_URL
  ? {
      ...(import.meta.env.DEV ? solanaLocalnet : solanaMainnet),
      rpcUrls: { default: { http: [import.meta.env.VITE_LATCH_SOLANA_RPC_URL] } },
    }
  : undefined

/**
 * Bitcoin when a network is configured (VITE_LATCH_BITCOIN_NETWORK: `regtest`, set with
 * LATCH_BITCOIN_PORT under `npm start`, or `mainnet`). The adapter reads the chain through the
 * Latch server's Esplora pass-through (`/v1/esplora/<caip2>`), so the page talks to one origin
 * and a public Esplora's address is the server's setting. A build without it carries no Bitcoin
 * code; with it, wallet discovery runs with the page and the adapter loads on the first Bitcoin
 * connect (docs/bitcoin.md). In development `?bitcoinNetworks=mainnet` makes the page a
 * mainnet-only app, which a regtest wallet must be refused by.
 */
export const bitcoinNetworks: CaipNetwork[] | undefined = import.meta.env.VITE_LATCH_BITCOIN_NETWORK
  ? [
      import.meta.env.VITE_LATCH_BITCOIN_NETWORK === 'regtest' && !mainnetOnlyPage()
        ? bitcoinRegtest
        : bitcoinMainnet,
    ].map((network) => withEsploraProxy(network))
  : undefined

/**
 * Cosmos when a node is configured (VITE_LATCH_COSMOS_RPC_URL and VITE_LATCH_COSMOS_REST_URL, set
 * from LATCH_COSMOS_RPC_PORT and LATCH_COSMOS_REST_PORT under `npm start`): the dev chain in
 * development, the Cosmos Hub in a build. The server has no Cosmos pass-through yet, so the page
 * and the wallet read the node directly (the dev node on loopback). A build without the URL
 * carries no Cosmos code; with it, wallet discovery runs with the page and cosmjs loads on the
 * first Cosmos connect (docs/cosmos.md).
 */
export const cosmosNetworks: CaipNetwork[] | undefined = import.meta.env.VITE_LATCH_COSMOS_RPC_URL
  ? [
      withCosmosNodeUrls(import.meta.env.DEV ? cosmosDevNetwork : cosmosHubNetwork, {
        rpc: import.meta.env.VITE_LATCH_COSMOS_RPC_URL,
        rest:
          import.meta.env.VITE_LATCH_COSMOS_REST_URL || import.meta.env.VITE_LATCH_COSMOS_RPC_URL,
      }),
    ]
  : undefined

/**
 * Polkadot when a chain's WebSocket url is configured (VITE_LATCH_POLKADOT_RPC_URL, set from
 * LATCH_POLKADOT_PORT under `npm start`): the dev chain in development, Polkadot in a build. The
 * page reads the chain over that WebSocket. A build without it carries no Polkadot code; with it,
 * the extensions on `window.injectedWeb3` show with the page and @polkadot/api loads on the first
 * Polkadot connect (docs/polkadot.md).
 */
export const polkadotNetworks: CaipNetwork[] | undefined = import.meta.env
  .VITE_LATCH_POLKADOT_RPC_URL
  ? [
      import.meta.env.DEV
        ? createPolkadotDevNetwork(import.meta.env.VITE_LATCH_POLKADOT_RPC_URL)
        : {
            ...polkadotNetwork,
            rpcUrls: {
              default: { http: [], webSocket: [import.meta.env.VITE_LATCH_POLKADOT_RPC_URL] },
            },
          },
    ]
  : undefined

function mainnetOnlyPage(): boolean {
  if (!isDev || typeof window === 'undefined') return false
  return new URLSearchParams(window.location.search).get('bitcoinNetworks') === 'mainnet'
}

/** The network with its Esplora base on the Latch server's pass-through, for this project. */
export function withEsploraProxy(network: CaipNetwork): CaipNetwork {
  const url = new URL(`/v1/esplora/${network.caipNetworkId}`, serverUrl)
  url.searchParams.set('projectId', projectId)
  return { ...network, rpcUrls: { ...network.rpcUrls, default: { http: [url.toString()] } } }
}

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
      // The config sets no other feature; the provider services read it as the local settings.
      config.features = { analytics: false }
      client.stores.options.setState((s) => ({ features: { ...s.features, analytics: false } }))
    }
    return start()
  }
  return client
}

function buildLatchConfig(): LatchConfig {
  // One WalletConnect pairing serves Bitcoin, Cosmos and Polkadot too: what a wallet approves in
  // bip122, cosmos or polkadot connects that adapter (docs/bitcoin.md#walletconnect,
  // docs/cosmos.md#walletconnect, docs/polkadot.md#walletconnect). Checked here so a build
  // without them folds it away.
  const sessions =
    walletConnectProjectId && (bitcoinNetworks || cosmosNetworks || polkadotNetworks)
      ? createWalletConnectSessions()
      : undefined
  // Email sign-in: the secure frame holds the embedded wallet; it loads on first use only.
  const auth = createAuthConnector({
    frameUrl,
    projectId,
    serverUrl,
    chainId: Number(networks[0]!.id),
    // Spread, so a build without Solana carries not even the key (first-load bytes).
    ...(solanaNetwork && { solanaChains: [solanaNetwork.caipNetworkId] }),
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
      ...(solanaNetwork
        ? [
            createLazySolanaAdapter({
              networks: [solanaNetwork],
              // An email or social user's Solana account, from the same sign-in.
              embeddedWallet: auth.loadSolanaWallet && {
                connectorId: auth.connectorId,
                load: auth.loadSolanaWallet,
              },
            }),
          ]
        : []),
      ...(bitcoinNetworks
        ? [createLazyBitcoinAdapter({ networks: bitcoinNetworks, walletConnect: sessions })]
        : []),
      ...(cosmosNetworks
        ? [createLazyCosmosAdapter({ networks: cosmosNetworks, walletConnect: sessions })]
        : []),
      ...(polkadotNetworks
        ? [
            createLazyPolkadotAdapter({
              networks: polkadotNetworks,
              appName: appMessages.brand,
              walletConnect: sessions,
            }),
          ]
        : []),
    ],
    auth,
    networks: [
      ...networks,
      ...(solanaNetwork ? [solanaNetwork] : []),
      ...(bitcoinNetworks ?? []),
      ...(cosmosNetworks ?? []),
      ...(polkadotNetworks ?? []),
    ],
    defaultNetwork: networks[0],
    // Twenty rows fill a screen; the next page comes as the list scrolls.
    historyPageSize: 20,
    siwx: typeof window === 'undefined' ? undefined : demoSiwx(window.location.search),
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
      // The proposal asks for Bitcoin's, Cosmos's and Polkadot's chains when their adapters share
      // the session.
      networks: sessions
        ? [
            ...networks,
            ...(bitcoinNetworks ?? []),
            ...(cosmosNetworks ?? []),
            ...(polkadotNetworks ?? []),
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
