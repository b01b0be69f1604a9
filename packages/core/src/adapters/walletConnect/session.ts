/**
 * The WalletConnect SDK side of the connector, loaded only when a visitor picks WalletConnect or
 * a page reloads with a WalletConnect session (docs/benchmarks.md: its own chunk).
 */
import { UniversalProvider } from '@walletconnect/universal-provider'

type Provider = Awaited<ReturnType<typeof UniversalProvider.init>>
type Session = NonNullable<Provider['session']>

import { UserRejectedRequestError } from 'viem'
import type { CaipNetwork } from '../../networks/types.js'
import type { ProviderAlert } from '../../providerServices/alerts.js'
import { PairingExpiredError } from './errors.js'
import { hearLateSocketErrors } from './lateSocketErrors.js'
import { proposalNamespaces } from './namespaces.js'
import { relayRefusalAlert } from './relayRefusals.js'

export interface WalletConnectSessionOptions {
  projectId: string
  relayUrl?: string | undefined
  metadata: { name: string; description: string; url: string; icons: string[] }
  networks: readonly CaipNetwork[]
  /** Keeps two Latch apps on one origin (or a test's two ends) from sharing a session store. */
  storagePrefix?: string | undefined
  /** The relay refused this app (project id, origin, token): the alert to show, once per page. */
  onAlert?: ((alert: ProviderAlert) => void) | undefined
}

// The relayer's event for a fatal socket error, a refusal's close among them.
const RELAYER_ERROR = 'relayer_error'

/** WalletConnect's hosted relays: the ones its hosted Verify service vouches for. */
const HOSTED_RELAY = /^wss:\/\/relay\.walletconnect\.(org|com)(\/|$)/

// Sign API v2 reasons a wallet gives for saying no (USER_REJECTED and its variants).
const REJECTION_CODES = new Set([5000, 5001, 5002])

/** A wallet's refusal becomes the EIP-1193 4001 the controller knows as "rejected". */
export function toProviderError(error: unknown): unknown {
  const code = (error as { code?: unknown } | undefined)?.code
  const message = (error as { message?: unknown } | undefined)?.message
  if (
    (typeof code === 'number' && REJECTION_CODES.has(code)) ||
    (typeof message === 'string' && /user rejected/i.test(message))
  )
    return new UserRejectedRequestError(error instanceof Error ? error : new Error(String(message)))
  return error
}

const pageOrigin = () =>
  (globalThis as { location?: { origin: string } }).location?.origin ??
  'this client (no page origin)'

export async function createWalletConnectProvider(
  options: WalletConnectSessionOptions,
): Promise<Provider> {
  const provider = await UniversalProvider.init({
    projectId: options.projectId,
    relayUrl: options.relayUrl,
    metadata: options.metadata,
    customStoragePrefix: options.storagePrefix,
    // No usage events to WalletConnect's analytics: Latch sends none anywhere by default.
    telemetryEnabled: false,
    logger: 'silent',
  })
  // Verify is WalletConnect's hosted attestation service and vouches only for its hosted relay.
  // Beside a self-run relay (the dev relay) the page would load a frame from it for nothing, and
  // leave loopback doing so; the wallet then shows the dapp as unverified, which it is.
  if (options.relayUrl && !HOSTED_RELAY.test(options.relayUrl))
    provider.client.core.verify.register = async () => ''
  hearLateSocketErrors(provider.client.core.relayer)
  const { onAlert } = options
  if (onAlert) {
    const context = { projectId: options.projectId, origin: pageOrigin() }
    const { relayer } = provider.client.core
    let heard = false
    relayer.on(RELAYER_ERROR, (error: unknown) => {
      const alert = relayRefusalAlert(error, context)
      if (!alert) return
      heard = true
      onAlert(alert)
    })
    if (provider.session) void hearRefusalAtStart(relayer, () => heard)
  }
  return provider
}

type Relayer = Provider['client']['core']['relayer']

/**
 * A page that finds a stored session opens the socket while the SDK starts, before `onAlert`
 * listens: a refusal then (the SDK still reading a browser's IndexedDB) goes unheard, and after
 * its tries the SDK leaves the socket closed. Once the attempt in flight is over, a socket a fatal
 * error closed is opened once more, so that the refusal, if it was one, reaches the visitor.
 */
async function hearRefusalAtStart(relayer: Relayer, heard: () => boolean) {
  // Joins the attempt in flight, if any (it may still be heard).
  if (relayer.connecting) await relayer.transportOpen().catch(() => undefined)
  if (heard() || relayer.connected || !relayer.transportExplicitlyClosed) return
  await relayer.transportOpen().catch(() => undefined)
}

export interface PairingHandlers {
  /** A pairing URI to show, and when it stops being offered. */
  onUri(uri: string, expiresAt: number): void
  expiryMs: number
  /** Fresh URIs offered at most this many times before the attempt fails. */
  maxRefreshes: number
}

/**
 * Proposes a session and waits for the wallet. The URI is replaced by a fresh one each time
 * `expiryMs` passes unscanned; whichever proposal a wallet approves first wins, and only the
 * current proposal's rejection ends the attempt.
 */
export async function pairWithWallet(
  provider: Provider,
  networks: readonly CaipNetwork[],
  handlers: PairingHandlers,
) {
  const optionalNamespaces = proposalNamespaces(networks) as Record<
    string,
    { chains: string[]; methods: string[]; events: string[]; rpcMap: Record<string, string> }
  >
  return new Promise<Session>((resolve, reject) => {
    let generation = 0
    let done = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const finish = (settle: () => void) => {
      if (done) return
      done = true
      clearTimeout(timer)
      provider.events.off('display_uri', onUri)
      settle()
    }
    const onUri = (uri: string) => {
      const expiresAt = Date.now() + handlers.expiryMs
      handlers.onUri(uri, expiresAt)
      clearTimeout(timer)
      timer = setTimeout(() => {
        if (generation > handlers.maxRefreshes) finish(() => reject(new PairingExpiredError()))
        else propose()
      }, handlers.expiryMs)
    }
    provider.events.on('display_uri', onUri)
    const propose = () => {
      const mine = ++generation
      provider.connect({ optionalNamespaces }).then(
        (session: Session | undefined) => {
          if (session) finish(() => resolve(session))
        },
        (error: unknown) => {
          if (mine === generation) finish(() => reject(toProviderError(error)))
        },
      )
    }
    propose()
  })
}
