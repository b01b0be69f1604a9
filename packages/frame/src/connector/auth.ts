import {
  type AuthAppSource,
  type AuthConnector,
  type AuthUser,
  createLatchStorage,
  type LatchStorage,
  truncateDisplayName,
} from '@latch/core'
import type { CreateConnectorFn } from '@wagmi/core'
// Types only: the frame client and its schemas load when the visitor first picks email.
import type { FrameClientOptions } from '../client/client.js'
import type { EmbeddedWallet, EmbeddedWalletUser } from '../client/wallet.js'
import { EIP155, eip155ChainId } from './eip155/index.js'
import { createEip155Connector, type LoadedFrame } from './eip155/wagmi.js'
import { AuthSessionMissingError } from './errors.js'
import { SOLANA, type SolanaChainId } from './solana/index.js'
import { solanaWalletLoader } from './solana/loader.js'
import type { EmbeddedSolanaWallet } from './solana/wallet.js'

export { AuthSessionMissingError }

export const AUTH_CONNECTOR_ID = 'latch-auth'

export interface AuthConnectorOptions {
  /** Where the secure frame is served, on an origin of its own (dev: http://127.0.0.1:5174/). */
  frameUrl: string
  projectId: string
  /** The Latch server: the frame reads chains through its JSON-RPC proxy. */
  serverUrl: string
  /** The EVM chain the embedded wallet starts on. */
  chainId: number
  /**
   * The Solana clusters the app offers (CAIP-2). With any, the connector has `loadSolanaWallet`
   * for `createSolanaAdapter({ embeddedWallet })` and offers email sign-in on Solana networks too.
   */
  solanaChains?: readonly SolanaChainId[] | undefined
  version?: string | undefined
  /**
   * EVM chains on which email and social users get a Safe smart account by default
   * (docs/smart-accounts.md): used where the server also serves a bundler for the chain.
   */
  smartAccountNetworks?: readonly number[] | undefined
  enableLogger?: boolean | undefined
  /** The same storage the controller uses, so the login cache is the one docs/behaviour.md#state names. */
  storage?: LatchStorage | undefined
  /** Overrides of the frame timings of docs/behaviour.md#limits (tests). */
  timings?: FrameClientOptions['timings']
  warn?: FrameClientOptions['warn']
  /** What asks the server about the page's origin (default: the page's fetch). */
  fetch?: FrameClientOptions['fetch']
}

export type LatchAuthConnector = AuthConnector & {
  /** The wagmi connector: pass it to `createEvmAdapter({ connectors: [auth.connector] })`. */
  readonly connector: CreateConnectorFn
  /** The embedded wallet, loading the frame on first use. */
  load(): Promise<EmbeddedWallet>
  /**
   * The same user's Solana account as a wallet-standard wallet, when `solanaChains` were given;
   * it loads on the first call, so the page pays for it only when an email user picks Solana.
   */
  readonly loadSolanaWallet: (() => Promise<EmbeddedSolanaWallet>) | undefined
  /** Always there on this connector: the frame tells when its approval view shows. */
  onApproval(listener: (pending: boolean) => void): () => void
  /**
   * Always there on this connector: the frame's alerts of docs/behaviour.md#errors
   * ('iframe_load_failed', 'iframe_request_timeout', 'Action not allowed') with the sentence to
   * show. The controller feeds them to its alert surface; an app may listen too.
   */
  onAlert(listener: (alert: string, message: string) => void): () => void
}

const toAuthUser = (user: EmbeddedWalletUser, socialProvider: string | undefined): AuthUser => ({
  email: user.email,
  displayName: user.displayName,
  address: user.address,
  accountType: user.accounts?.[0]?.type ?? 'eoa',
  // Two accounts only where the network offers smart accounts: the Account view's switch. The
  // frame's answer is checked against its strict schema already, so it is passed as it is.
  accounts: user.accounts?.[1] ? user.accounts : undefined,
  socialProvider: user.userName ? socialProvider : undefined,
})

/**
 * The embedded wallet as the modal's AUTH connector and as a wagmi connector. Nothing of the
 * frame (iframe, protocol schemas, provider) loads until a visitor picks email, or until a page
 * load finds the login flag of an earlier email sign-in and wagmi reconnects.
 */
export function createAuthConnector(options: AuthConnectorOptions): LatchAuthConnector {
  const storage = options.storage ?? createLatchStorage()
  let loading: Promise<LoadedFrame> | undefined
  let loaded: LoadedFrame | undefined
  let user: AuthUser | undefined
  let app: AuthAppSource | undefined
  const listeners = new Set<() => void>()
  const approvalListeners = new Set<(pending: boolean) => void>()
  const alertListeners = new Set<(alert: string, message: string) => void>()
  const setUser = (next: AuthUser | undefined) => {
    user = next
    for (const listener of listeners) listener()
  }

  function loadFrame(): Promise<LoadedFrame> {
    loading ??= (async () => {
      const [{ createEmbeddedWallet }, { createEmbeddedProvider }] = await Promise.all([
        import('../client/wallet.js'),
        import('./eip155/provider.js'),
      ])
      const wallet = createEmbeddedWallet({
        frameUrl: options.frameUrl,
        projectId: options.projectId,
        chainId: eip155ChainId(options.chainId),
        version: options.version ?? 'latch',
        enableLogger: options.enableLogger ?? false,
        rpcUrl: options.serverUrl,
        smartAccountNetworks: options.smartAccountNetworks,
        storage,
        onAlert(alert, message) {
          for (const listener of alertListeners) listener(alert, message)
        },
        timings: options.timings,
        warn: options.warn,
        fetch: options.fetch,
      })
      try {
        await wallet.ready()
      } catch (error) {
        // A later attempt starts with a fresh frame rather than this dead one.
        wallet.destroy()
        throw error
      }
      if (app) wallet.syncApp(app)
      wallet.onApproval((pending) => {
        for (const listener of [...approvalListeners]) listener(pending)
      })
      const provider = createEmbeddedProvider(wallet, {
        chainId: options.chainId,
        onUser: (next) => setUser(toAuthUser(next, storage.get('connectedSocial'))),
      })
      loaded = { wallet, provider }
      return loaded
    })()
    loading.catch(() => {
      loading = undefined
    })
    return loading
  }

  const connector = createEip155Connector({
    id: AUTH_CONNECTOR_ID,
    chainId: options.chainId,
    storage,
    load: loadFrame,
    loaded: () => loaded,
    signedOut() {
      setUser(undefined)
      solana.signedOut()
    },
  })

  const wallet = async () => (await loadFrame()).wallet
  // One session serves every namespace: signing out on Solana signs the EVM side out too, and
  // the EVM provider's events tell wagmi.
  const solana = solanaWalletLoader(options.solanaChains, {
    load: wallet,
    onUser: (next) => setUser(toAuthUser(next, storage.get('connectedSocial'))),
    signOut: async () => {
      setUser(undefined)
      if (loaded) await loaded.provider.disconnect()
      else await (await wallet()).signOut()
    },
  })

  return {
    connectorId: AUTH_CONNECTOR_ID,
    namespaces: solana.load ? [EIP155, SOLANA] : [EIP155],
    connector,
    load: wallet,
    loadSolanaWallet: solana.load,
    async signInWithEmail(email, { signal } = {}) {
      await (await wallet()).connectEmail(email, { signal })
    },
    async connectSocial(provider, { signal } = {}) {
      // Read by the display name rule as the user loads (Discord's tag).
      storage.set('connectedSocial', provider)
      try {
        await (await wallet()).connectSocial(provider, { signal })
      } catch (error) {
        storage.remove('connectedSocial')
        throw error
      }
    },
    async connectFarcaster({ signal } = {}) {
      storage.set('connectedSocial', 'farcaster')
      try {
        await (await wallet()).connectFarcaster({ signal })
      } catch (error) {
        storage.remove('connectedSocial')
        // As the reference does when a visitor leaves the Farcaster view unconnected.
        if (!user) loaded?.wallet.reloadAndSync()
        throw error
      }
    },
    async updateEmail(email) {
      return (await wallet()).updateEmail(email)
    },
    async updateEmailPrimaryCode(otp) {
      await (await wallet()).updateEmailPrimaryOtp(otp)
    },
    async updateEmailSecondaryCode(otp) {
      const { newEmail } = await (await wallet()).updateEmailSecondaryOtp(otp)
      if (user) setUser({ ...user, email: newEmail, displayName: truncateDisplayName(newEmail) })
      return { email: newEmail }
    },
    async setPreferredAccount(type) {
      const { wallet, provider } = await loadFrame()
      await wallet.setPreferredAccount(type)
      // Reading the user again moves wagmi (accountsChanged) and the modal (onUser) to it.
      await provider.connect()
    },
    syncApp(source) {
      app = source
      loaded?.wallet.syncApp(source)
    },
    onAlert(listener) {
      alertListeners.add(listener)
      return () => alertListeners.delete(listener)
    },
    onApproval(listener) {
      approvalListeners.add(listener)
      return () => approvalListeners.delete(listener)
    },
    getUser: () => user,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
