/**
 * One WalletConnect session, many namespaces (docs/walletconnect.md#other-namespaces). The
 * connector (a wagmi connector: EVM) owns the pairing and the SDK; the adapters of the session's
 * other namespaces (Bitcoin's bip122) watch here for what the wallet approved, restore it after a
 * reload, and end it. Plain code with no SDK import: it is made with the page, and nothing here
 * loads the SDK unless a page load finds a session of an earlier visit.
 */
import type { ChainNamespace } from '../../networks/types.js'

/** Also the connector id of every namespace's connection through WalletConnect. */
export const WALLET_CONNECT_CONNECTOR_ID = 'walletConnect'

/** A session's namespace as the Sign API stores it. */
export interface SessionNamespace {
  accounts: string[]
  methods: string[]
  events: string[]
}

type SessionEvent = 'session_delete' | 'session_update' | 'session_event'

/** The calls of a Sign API client (`@walletconnect/sign-client`, a universal provider's `.client`). */
export interface SessionClient {
  session: { get(topic: string): { namespaces: Record<string, SessionNamespace> } }
  request<T>(args: {
    topic: string
    chainId: string
    request: { method: string; params: unknown }
  }): Promise<T>
  disconnect(args: { topic: string; reason: { code: number; message: string } }): Promise<void>
  on(event: SessionEvent, listener: (payload: { topic: string }) => void): unknown
  off(event: SessionEvent, listener: (payload: { topic: string }) => void): unknown
}

/** A live session as another namespace's adapter sees it. */
export interface WalletConnectSession {
  client: SessionClient
  topic: string
  /** The wallet's name and icon, from its metadata. */
  peer: { name?: string | undefined; icon?: string | undefined }
  /**
   * Ends the session for every namespace: the wallet is told, the stored session forgotten, and
   * each namespace's connection through it dropped.
   */
  end(): Promise<void>
}

/** What a namespace's adapter does with the session. */
export interface SessionNamespaceWatcher {
  /**
   * The wallet approved a session holding accounts of this namespace: resolves once the adapter
   * connected them (true), or false when it took none; a throw is the adapter's refusal.
   */
  approved(session: WalletConnectSession): Promise<boolean>
  /** The session ended: in the wallet, or in the app through any namespace. */
  ended(topic: string): void
}

/** Which namespaces of a freshly approved session connected, and why the others did not. */
export interface ApprovalOutcome {
  connected: ChainNamespace[]
  errors: unknown[]
}

export interface WalletConnectSessions {
  /** An adapter follows its namespace; a later watcher replaces an earlier one (a lazy stand-in). */
  watch(namespace: ChainNamespace, watcher: SessionNamespaceWatcher): () => void
  /** The live session: restored (the SDK loaded) only when a page load finds one stored. */
  current(): Promise<WalletConnectSession | undefined>
  /** Connector side: how `current` finds the session. */
  attach(source: () => Promise<WalletConnectSession | undefined>): void
  /**
   * Connector side: a pairing was approved. Each watched namespace the session holds accounts in
   * is offered it; resolves once all have answered.
   */
  approved(session: WalletConnectSession): Promise<ApprovalOutcome>
  /** Connector side: the session ended. */
  ended(topic: string): void
}

export function createWalletConnectSessions(): WalletConnectSessions {
  const watchers = new Map<ChainNamespace, SessionNamespaceWatcher>()
  let source: (() => Promise<WalletConnectSession | undefined>) | undefined
  return {
    watch(namespace, watcher) {
      watchers.set(namespace, watcher)
      return () => {
        if (watchers.get(namespace) === watcher) watchers.delete(namespace)
      }
    },
    current: async () => source?.(),
    attach(next) {
      source = next
    },
    async approved(session) {
      const { namespaces } = session.client.session.get(session.topic)
      const outcome: ApprovalOutcome = { connected: [], errors: [] }
      await Promise.all(
        [...watchers].map(async ([namespace, watcher]) => {
          // A namespace the wallet approved no account in costs its adapter nothing (no load).
          if (!namespaces[namespace]?.accounts.length) return
          try {
            if (await watcher.approved(session)) outcome.connected.push(namespace)
          } catch (error) {
            outcome.errors.push(error)
          }
        }),
      )
      return outcome
    },
    ended(topic) {
      for (const watcher of [...watchers.values()]) watcher.ended(topic)
    },
  }
}
