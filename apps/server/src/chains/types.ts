import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { HistoryPage } from '@latch/core/wire'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/types.js'
import type { UpstreamRecorder } from '../observability/metrics.js'
import type { CursorCodec } from './shared/cursor.js'

/**
 * The seam a chain family plugs into the server through: one `ChainBackend` per CAIP-2 namespace
 * (`chains/<namespace>/backend.ts`), listed once in `chains/index.ts`. The history, balance and
 * RPC proxy routes, the indexer command and SIWX iterate over the registered backends and never
 * name a namespace themselves (docs/adding-a-chain.md).
 */

/** One history query as the route received it; the backend checks every field itself. */
export interface HistoryQuery {
  /** As written in the path: each namespace has its own address form and error message. */
  address: string
  /** CAIP-2 (or the namespace's short form, e.g. a decimal EVM chain id); absent: every chain. */
  chainId: string | undefined
  cursor: string | undefined
  /** As written; read with shared/page.ts `pageLimit` where the namespace checks it. */
  limit: string | undefined
  log: FastifyBaseLogger
  /** The server's database (`app.db`): backends that read an index read it here. */
  db: Db
}

/** One balance, in the wire shape of `GET /v1/account/:address/balance`. */
export interface WireBalance {
  name: string
  symbol: string
  /** CAIP-2. */
  chainId: string
  /** CAIP-10 of the token contract or mint; absent for the native currency. */
  address?: string
  value: number | null
  price: number | null
  quantity: { decimals: string; numeric: string }
  iconUrl: string
}

/** One JSON-RPC call whose shape the proxy has already checked. */
export interface RpcCall {
  jsonrpc: '2.0'
  id: string | number | null
  method: string
  params?: unknown[] | undefined
}

/** One JSON-RPC answer, success or error. */
export interface RpcAnswer {
  jsonrpc: '2.0'
  id: RpcCall['id']
  result?: unknown
  error?: { code: number; message: string; data?: unknown }
}

/** What the proxy needs from a namespace: its chains' upstreams and the methods it forwards. */
export interface RpcUpstreams {
  /** Methods forwarded (reads, plus an already-signed send): anything else is -32601. */
  readonly methods: ReadonlySet<string>
  /** Its sentence in the proxy's API docs: where it forwards to, and which methods. */
  readonly docs: string
  /** Calls that count more than 1 against the proxy's budgets (auth/rpc-limits.ts). */
  readonly weights: Readonly<Record<string, number>>
  /** Whether `chainId` (as the query gave it) is written in this namespace's form. */
  recognises(chainId: string): boolean
  /**
   * The chain's upstream for one request, or undefined when none is configured (the proxy
   * answers 400 UNSUPPORTED_CHAIN). Throws an HttpError 502 when it serves another chain.
   */
  upstreamOf(chainId: string): Promise<RpcUpstream | undefined>
}

export interface RpcUpstream {
  /** One checked call, answered in JSON-RPC whatever happens (an unlisted method: -32601). */
  call(call: RpcCall, log: FastifyBaseLogger): Promise<RpcAnswer>
  /**
   * Writes the answers itself when JSON.stringify would lose something (Solana's u64 values
   * keep every digit); absent: the route's schema serialises them.
   */
  serialize?(answers: RpcAnswer | RpcAnswer[]): string
}

/** A sign-in checked and verified by its namespace (EIP-4361 for EVM, CAIP-122 otherwise). */
export interface VerifiedSignIn {
  /** As the namespace writes it (EVM lower-cased by the verifier; base58 as given). */
  address: string
  /** CAIP-2. */
  chainId: string
  domain: string
  uri: string
  nonce: string
  issuedAt: Date
  expirationTime: Date | undefined
}

/** Verifies a signed sign-in message of this namespace; the nonce is the caller's to check. */
export type SignInVerifier = (input: {
  message: string
  signature: string
  /** The page's verified Origin: the message must be written for it. */
  origin: string
  now: Date
}) => Promise<VerifiedSignIn>

/** A long-running follower of a chain (the EVM indexer); started by serve or `latch-server index`. */
export interface ChainFollower {
  start(): void
  stop(): Promise<void>
  /** For the start-up line, e.g. `chain 31337 at http://…`. */
  readonly description: string
}

/** Where one followed chain stands, for the metrics; `head` is missing when the node did not answer. */
export interface ChainProgress {
  /** CAIP-2. */
  chain: string
  height: number | undefined
  head: number | undefined
  updatedAt: Date | undefined
}

/** One chain family's server side, built from the loaded config and the database. */
export interface ChainBackend {
  /** CAIP-2 namespace, such as eip155 (EVM). */
  readonly namespace: string
  /** CAIP-2 ids with history here, for `GET /v1/supported-chains`. */
  historyChains(): readonly string[]
  /** Whether this backend answers the history (and balance) query of this address and chain. */
  claims(address: string, chainId: string | undefined): boolean
  history(query: HistoryQuery): Promise<HistoryPage>
  /**
   * The scopes whose announced changes (chains/history-cache/feed.ts) make this page stale, such
   * as eip155:31337; null or absent: the page is never cached (read live, nothing announces it).
   */
  historyScopes?(address: string, chainId: string | undefined): readonly string[] | null
  /** Balances on one chain; absent: this namespace has no balances route. */
  balances?(query: {
    address: string
    chainId: string
    log: FastifyBaseLogger
    db: Db
  }): Promise<WireBalance[]>
  /** Followers the indexer starts (none: history is read on demand). */
  readonly followers: readonly ChainFollower[]
  /** Routes of this namespace alone (e.g. EVM's ENS identity), given the project scope. */
  routes?(scoped: object): FastifyPluginAsyncTypebox
  /** Verifies sign-ins of this namespace (chains/<namespace>/sign-in.ts). */
  readonly verifySignIn?: SignInVerifier
}

/** What every backend is built from. */
export interface ChainBackendContext {
  db: Db
  /** Seals history cursors (one HMAC key for every namespace, shared/cursor.ts). */
  codec: CursorCodec
  /** Recipients of one transaction that make an unsolicited airdrop (LATCH_SPAM_AIRDROP_MIN). */
  airdropMinRecipients: number
  log?: FastifyBaseLogger
  fetch?: typeof fetch
  /** The indexer lease holder id (one per process). */
  holder?: string
  /** PGlite: one process owns the database, so another process's lease is stale. */
  soleProcess?: boolean
}

/** What the RPC proxy hands a namespace's upstreams. */
export interface RpcContext {
  log: FastifyBaseLogger
  /** Records each forwarded call's outcome and duration (observability/metrics.ts). */
  record: UpstreamRecorder
  /** Most blocks one eth_getLogs-like range may cover (LATCH_RPC_LOGS_MAX_BLOCKS). */
  maxLogBlocks: number
}

/**
 * A registered chain family: reads its settings from the environment (its tables live in
 * `chains/<namespace>/schema.ts`, which drizzle-kit reads through its config's pattern).
 */
export interface ChainBackendFactory<Config = unknown> {
  readonly namespace: string
  /** A chain id of this namespace as the API docs show it, such as eip155:1 for Ethereum. */
  readonly chainIdExample: string
  /**
   * A wallet of this namespace adds any chain of it on request (EVM: wallet_addEthereumChain),
   * so the wallet catalogue lists it for every chain of the namespace.
   */
  readonly walletsAddAnyChain?: boolean
  /** Its settings from the environment; problems are pushed to `issues`, never thrown. */
  loadConfig(
    env: Record<string, string | undefined>,
    issues: string[],
    defaults: { rpcUrl: string },
  ): Config
  /** Undefined when nothing of this namespace is configured: its queries then fall through. */
  create(config: Config, context: ChainBackendContext): ChainBackend | undefined
  /** Reads where its followers stand, at each metrics scrape; absent: nothing followed. */
  progress?(
    config: Config,
    context: { db: Db; log: FastifyBaseLogger },
  ): () => Promise<ChainProgress[]>
  /** Its sign-in verifier (chains/<namespace>/sign-in.ts; needs no database); absent: none. */
  signIn?(config: Config): SignInVerifier
  /** The RPC proxy's upstreams of this namespace (needs no database); absent: not proxied. */
  rpcUpstreams?(config: Config, context: RpcContext): RpcUpstreams
  /** What the provider services list of this namespace (chains/<namespace>/catalogue.ts). */
  readonly catalogue?: FamilyCatalogue
}

/** A wallet's public facts as the curated catalogue lists them; its chains come from the families. */
export interface CatalogueWalletFacts {
  id: string
  name: string
  rdns: string | null
  homepage: string
  mobileLink?: string
  desktopLink?: string
  webappLink?: string
}

/**
 * A family's share of the provider services' data, so the shared catalogue and image sets name
 * no family: which catalogue wallets support its chains, the wallets made for it, and the images
 * of its networks.
 */
export interface FamilyCatalogue {
  /** By catalogue wallet id: the CAIP-2 ids of this family's chains the wallet supports. */
  readonly walletChains: Readonly<Record<string, readonly string[]>>
  /** Wallets made for this family, each at its 1-based place in the catalogue's order. */
  readonly wallets?: readonly (CatalogueWalletFacts & { place: number })[]
  /** By network `assets.imageId`: the text the server draws for that network's image. */
  readonly networkImages?: Readonly<Record<string, string>>
}
