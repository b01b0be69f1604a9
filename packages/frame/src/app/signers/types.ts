import type { ApprovalView } from '../decode/view.js'
import type { SmartAccountSession } from './eip155/smartAccount/session.js'

/**
 * One chain family's part of the embedded wallet: how its key derives from the wallet's seed,
 * what its address looks like to the server, which chains and JSON-RPC methods are its own, and
 * how each of those methods is reviewed and signed. Every namespace is a folder beside this file;
 * signers/index.ts lists them.
 */
export interface Signer<key = unknown> {
  /** CAIP-2 namespace: eip155, solana, … */
  readonly namespace: string
  /** The derivation path of the namespace's first account (BIP-32, or SLIP-10 for ed25519). */
  readonly path: string
  /**
   * The server's field for this namespace's address, on its existing wire (`/auth/v1/wallet`,
   * the session's user): kept as the server names it so stored accounts keep working.
   */
  readonly serverField: `${string}Address`
  /** The namespace's key of the wallet, from its BIP-39 seed. */
  derive(seed: Uint8Array): key
  address(key: key): string
  /** One address written two ways is the same account (EVM: any letter case). */
  sameAddress(a: string, b: string): boolean
  /** The chain the frame starts on when the page names none (only the anchor's is used). */
  readonly defaultChainId: string
  /** A chain id (CAIP-2, or a bare EVM number) of this namespace. */
  ownsChain(chainId: string | number): boolean
  /** Refuses a chain id the namespace cannot switch to (SWITCH_NETWORK). */
  checkChain(chainId: string | number): void
  /** A JSON-RPC method of this namespace, answered or not (an unknown one is refused by its signer). */
  ownsMethod(method: string): boolean
  /** The JSON-RPC methods of this namespace the frame answers. */
  readonly methods: SignerMethods
  /** The namespace's requests for one call, its chain resolved; throws for a chain it cannot use. */
  open(context: RequestContext<key>): NamespaceRequests
}

export interface SignerMethods {
  /** Answered by the frame itself. */
  readonly local: ReadonlySet<string>
  /** docs/behaviour.md#access: answered from the network through the server's RPC proxy. */
  readonly read: ReadonlySet<string>
  /** docs/behaviour.md#access: shown in the frame's approval view, then signed in the frame. */
  readonly signing: ReadonlySet<string>
}

/** What a request can use besides its parameters. */
export interface RequestContext<key = unknown> {
  key: key
  /** The chain the request names, if it names one. */
  requestedChainId?: unknown
  /** The frame's active chain (CAIP-2, or a bare EVM number). */
  activeChainId: string | number
  /** The server's JSON-RPC proxy for a chain of this namespace. */
  proxyUrl(chainId: string | number): string
  origin: string
  /** The frame origin's storage, for what a namespace remembers per account (EVM: contracts used). */
  storage?: KeyValueStorage | undefined
  /**
   * EVM: the user's smart account on a chain, when the network has smart accounts and it is the
   * user's account type there (docs/smart-accounts.md); undefined means the EOA answers.
   */
  smartAccount?: ((chainId: number) => Promise<SmartAccountSession | undefined>) | undefined
}

export interface KeyValueStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
}

/** A signing request ready for the approval view; `finish` signs (and sends) once approved. */
export interface PreparedRequest {
  view: ApprovalView
  finish(): Promise<unknown>
}

export interface NamespaceRequests {
  /** A `local` method's answer. */
  local(method: string, params: unknown): unknown
  /** A `read` method, through the server's proxy. */
  read(method: string, params: unknown, signal: AbortSignal): Promise<unknown>
  /**
   * A `signing` method, checked and decoded before any view exists: a request that cannot be
   * shown faithfully is refused here, and what `finish` signs is what the view was built from.
   */
  prepare(method: string, params: unknown, signal: AbortSignal): Promise<PreparedRequest>
}
