import type { HistoryPage } from '@latch/core/wire'
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify'
import type { Db } from '../db/types.js'

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
  limit: number
  log: FastifyBaseLogger
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

/** What the proxy needs from a namespace: the chains it serves, and a handler per chain. */
export interface RpcUpstreams {
  /** Methods forwarded (reads, plus an already-signed send): anything else is -32601. */
  readonly methods: ReadonlySet<string>
  /** Whether `chainId` (as the query gave it) is written in this namespace's form. */
  recognises(chainId: string): boolean
  /**
   * The chain's upstream, or undefined when none is configured (the proxy answers 400
   * UNSUPPORTED_CHAIN). Throws an HttpError 502 when the upstream serves another chain.
   */
  upstreamOf(chainId: string): Promise<RpcUpstream | undefined>
}

export interface RpcUpstream {
  /** Answers every call of the request (one, or a batch) in JSON-RPC, whatever happens. */
  answer(calls: readonly unknown[], batch: boolean, log: FastifyBaseLogger): Promise<RpcReply>
}

/**
 * `json`: a value the route's schema serialises; `text`: a JSON body written by the backend
 * (Solana's u64 values keep every digit, which JSON.stringify of numbers would not).
 */
export type RpcReply = { json: unknown } | { text: string }

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

/** One chain family's server side, built from the loaded config and the database. */
export interface ChainBackend {
  /** CAIP-2 namespace, e.g. `eip155`. */
  readonly namespace: string
  /** CAIP-2 ids with history here, for `GET /v1/supported-chains`. */
  historyChains(): readonly string[]
  /** Whether this backend answers the history (and balance) query of this address and chain. */
  claims(address: string, chainId: string | undefined): boolean
  history(query: HistoryQuery): Promise<HistoryPage>
  /** Balances on one chain; absent: this namespace has no balances route. */
  balances?(query: {
    address: string
    chainId: string
    log: FastifyBaseLogger
  }): Promise<WireBalance[]>
  /** The RPC proxy's upstreams of this namespace; absent: not proxied. */
  readonly rpc?: RpcUpstreams
  /** Followers the indexer starts (none: history is read on demand). */
  readonly followers: readonly ChainFollower[]
  /** Routes of this namespace alone (e.g. EVM's ENS identity), registered project-scoped. */
  readonly routes?: FastifyPluginAsync
  /** Verifies sign-ins of this namespace (chains/<namespace>/sign-in.ts). */
  readonly verifySignIn?: SignInVerifier
}

/** What every backend is built from. */
export interface ChainBackendContext {
  db: Db
  /** The HMAC key history cursors are sealed with (shared: one cursor format). */
  cursorSecret: string
  log?: FastifyBaseLogger
  fetch?: typeof fetch
  /** The indexer lease holder id (one per process). */
  holder?: string
  /** PGlite: one process owns the database, so another process's lease is stale. */
  soleProcess?: boolean
  /** Route options scoping a route to a project (provider/scope.ts). */
  scoped: object
}

/**
 * A registered chain family: reads its settings from the environment (its tables live in
 * `chains/<namespace>/schema.ts`, re-exported by db/schema/index.ts for migrations).
 */
export interface ChainBackendFactory<Config = unknown> {
  readonly namespace: string
  /** Its settings from the environment; problems are pushed to `issues`, never thrown. */
  loadConfig(
    env: Record<string, string | undefined>,
    issues: string[],
    defaults: { rpcUrl: string },
  ): Config
  create(config: Config, context: ChainBackendContext): ChainBackend
}
