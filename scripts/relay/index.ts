/**
 * The dev relay: a WebSocket JSON-RPC server speaking the WalletConnect relay protocol (irn_*
 * subscribe, publish with TTL, subscription delivery and acknowledgement, the batch variants, and
 * the session methods wc_proposeSession and wc_approveSession that current SDKs publish through),
 * so that the real WalletConnect SDKs on both sides pair, settle and exchange requests on
 * loopback. WalletConnect does not offer its relay for self-hosting: this is a development
 * component like the mail catcher, started and printed by `npm start`, never used in production
 * (docs/walletconnect.md#the-dev-relay).
 */
import { randomInt } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { decodeJWT, verifyJWT } from '@walletconnect/relay-auth'
import { type WebSocket, WebSocketServer } from 'ws'
import { createTopics, type Listener, type StoredMessage } from './topics.js'

/** The project id `npm start` gives the dev relay and the web app: any string does, the relay is ours. */
export const DEV_WALLETCONNECT_PROJECT_ID = 'latch-dev-walletconnect'

export interface DevRelayOptions {
  /** 0 (default) picks a free port. */
  port?: number
  host?: string
  /**
   * When set, the one project id the relay knows: a client connecting with another (or none) is
   * refused as the hosted relay refuses an unknown project (RELAY_REFUSALS).
   */
  projectId?: string | undefined
  /** Each frame in and out, for debugging a client (LATCH_RELAY_DEBUG=1 npm start). */
  trace?: ((line: string) => void) | undefined
  /**
   * Browser origins allowed to connect (`npm start` passes the web app's and the frame's).
   * Unset: any http origin on a loopback host (localhost, 127.0.0.1, [::1]). Either way a client
   * that sends no Origin (the SDK in Node) is let in, and any other origin is refused
   * (RELAY_REFUSALS.originNotAllowed).
   */
  allowedOrigins?: readonly string[] | undefined
}

export interface DevRelay {
  /** ws://host:port — the `relayUrl` the SDKs are given. */
  url: string
  stats(): { connections: number; topics: number; stored: number; refused: number }
  stop(): Promise<void>
}

/** The tags the relay gives the messages it publishes for the session methods (Sign API v2). */
const TAG = { proposal: 1100, proposalResponse: 1101, settlement: 1102 } as const
const DEFAULT_TTL_S = 300
const MAX_TTL_S = 30 * 24 * 60 * 60
/**
 * The largest frame a client may send: a WalletConnect envelope (a proposal, a settlement, a
 * request) is a few KiB. A bigger frame closes the socket (1009). With the stored-message cap
 * (topics.ts) this bounds the mailbox to 1,000 × 64 KiB.
 */
export const MAX_FRAME_BYTES = 64 * 1024

/**
 * How the hosted relay refuses a project or an origin: it completes the upgrade and closes the
 * socket at once with code 3000 and a reason, which the SDK's JSON-RPC provider surfaces as
 * "WebSocket connection closed abnormally with code: 3000 (<reason>)" (a refused handshake would
 * reach a browser page as a bare, reasonless error). Apps map these reasons to alerts
 * (packages/core/src/adapters/walletConnect/relayRefusals.ts).
 */
export const RELAY_CLOSE_CODE = 3000
export const RELAY_REFUSALS = {
  projectIdMissing: 'Project ID is missing',
  projectNotFound: 'Project not found',
  originNotAllowed: 'Unauthorized: origin not allowed',
} as const

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * Whether a WebSocket upgrade's Origin may connect. A page on any site can open a WebSocket to
 * loopback (browsers do not apply CORS to it), so a foreign origin is refused; clients outside a
 * browser send no Origin and carry the relay-auth token like everyone else.
 */
export function originAllowed(
  origin: string | undefined,
  allowed: readonly string[] | undefined,
): boolean {
  if (origin === undefined) return true
  if (allowed) return allowed.includes(origin)
  try {
    const url = new URL(origin)
    return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname) && url.origin === origin
  } catch {
    return false
  }
}

type Params = Record<string, unknown>
interface Request {
  id: number | string
  method: string
  params?: Params
}
class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

const str = (params: Params, key: string): string => {
  const value = params[key]
  if (typeof value !== 'string' || value === '')
    throw new RpcError(-32602, `Invalid params: ${key} must be a non-empty string`)
  return value
}
const ttlOf = (params: Params): number => {
  const ttl = params.ttl ?? DEFAULT_TTL_S
  if (typeof ttl !== 'number' || !Number.isInteger(ttl) || ttl <= 0 || ttl > MAX_TTL_S)
    throw new RpcError(
      -32602,
      `Invalid params: ttl must be a whole number of seconds up to ${MAX_TTL_S}`,
    )
  return ttl
}
const tagOf = (params: Params): number => (typeof params.tag === 'number' ? params.tag : 0)
const attestationOf = (params: Params): string | undefined =>
  typeof params.attestation === 'string' ? params.attestation : undefined

/** Why the relay turns a client away before its token is read, if it does (RELAY_REFUSALS). */
function refusalOf(request: IncomingMessage, options: DevRelayOptions): string | undefined {
  if (!originAllowed(request.headers.origin, options.allowedOrigins))
    return RELAY_REFUSALS.originNotAllowed
  if (options.projectId === undefined) return undefined
  const projectId = new URL(request.url ?? '/', 'ws://relay').searchParams.get('projectId')
  if (!projectId) return RELAY_REFUSALS.projectIdMissing
  return projectId === options.projectId ? undefined : RELAY_REFUSALS.projectNotFound
}

/**
 * Who is connecting: the relay-auth JWT in the `auth` query parameter, signed by the client's
 * ed25519 key; its `iss` (did:key) is the client id. Undefined when it is missing, forged or
 * expired.
 */
async function authenticate(request: IncomingMessage) {
  const url = new URL(request.url ?? '/', 'ws://relay')
  const jwt = url.searchParams.get('auth')
  if (!jwt) return undefined
  try {
    if (!(await verifyJWT(jwt))) return undefined
    const { payload } = decodeJWT(jwt)
    if (typeof payload.exp === 'number' && payload.exp * 1000 < Date.now()) return undefined
    return payload.iss
  } catch {
    return undefined
  }
}

export async function startDevRelay(options: DevRelayOptions = {}): Promise<DevRelay> {
  const host = options.host ?? '127.0.0.1'
  const topics = createTopics()
  const sockets = new Set<WebSocket>()
  let refused = 0

  const http = createServer((_request, response) => {
    response.writeHead(426, { 'content-type': 'text/plain' })
    response.end('Latch dev relay: connect with a WalletConnect client over WebSocket\n')
  })
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES })

  http.on('upgrade', (request, socket, head) => {
    const refusal = refusalOf(request, options)
    if (refusal) {
      refused++
      // Upgraded only to be closed with the reason: nothing is served on this socket.
      wss.handleUpgrade(request, socket, head, (ws) => ws.close(RELAY_CLOSE_CODE, refusal))
      return
    }
    void authenticate(request).then((clientId) => {
      if (!clientId) {
        refused++
        socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n')
        return
      }
      wss.handleUpgrade(request, socket, head, (ws) => serve(ws, clientId))
    })
  })

  function serve(ws: WebSocket, clientId: string) {
    sockets.add(ws)
    // Deliveries waiting for the client's answer: request id → message hash.
    const unanswered = new Map<string, string>()
    const trace = options.trace
    const name = clientId.slice(-6)
    const send = (payload: object) => {
      trace?.(`${name} ← ${JSON.stringify(payload).slice(0, 300)}`)
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(payload))
    }
    const listener: Listener = {
      clientId,
      deliver(subscriptionId: string, message: StoredMessage) {
        // The SDKs parse ids as bigints; a time-based id keeps them unique and increasing.
        const id = Date.now() * 1000 + randomInt(1000)
        unanswered.set(String(id), message.hash)
        send({
          id,
          jsonrpc: '2.0',
          method: 'irn_subscription',
          params: {
            id: subscriptionId,
            data: {
              topic: message.topic,
              message: message.message,
              publishedAt: message.publishedAt,
              tag: message.tag,
              ...(message.attestation !== undefined ? { attestation: message.attestation } : {}),
            },
          },
        })
      },
    }
    const publish = (params: Params, topicKey = 'topic', messageKey = 'message', tag?: number) =>
      topics.publish({
        topic: str(params, topicKey),
        message: str(params, messageKey),
        ttl: ttlOf(params),
        tag: tag ?? tagOf(params),
        attestation: attestationOf(params),
        publisher: clientId,
      })

    const methods: Record<string, (params: Params) => unknown> = {
      irn_subscribe: (params) => topics.subscribe(str(params, 'topic'), listener),
      irn_batchSubscribe: (params) => {
        const list = params.topics
        if (!Array.isArray(list) || !list.every((t) => typeof t === 'string' && t !== ''))
          throw new RpcError(-32602, 'Invalid params: topics must be a list of topics')
        return list.map((topic: string) => topics.subscribe(topic, listener))
      },
      irn_unsubscribe: (params) => {
        topics.unsubscribe(str(params, 'topic'), listener)
        return true
      },
      irn_batchUnsubscribe: (params) => {
        const list = params.subscriptions
        if (!Array.isArray(list))
          throw new RpcError(-32602, 'Invalid params: subscriptions must be a list')
        for (const item of list) topics.unsubscribe(str(item as Params, 'topic'), listener)
        return true
      },
      irn_publish: (params) => {
        publish(params)
        return true
      },
      irn_batchPublish: (params) => {
        const list = params.messages
        if (!Array.isArray(list))
          throw new RpcError(-32602, 'Invalid params: messages must be a list')
        for (const item of list) publish(item as Params)
        return true
      },
      irn_batchFetchMessages: (params) => {
        const list = params.topics
        if (!Array.isArray(list))
          throw new RpcError(-32602, 'Invalid params: topics must be a list')
        const messages = topics.fetch(clientId, list as string[]).map((m) => ({
          topic: m.topic,
          message: m.message,
          publishedAt: m.publishedAt,
          tag: m.tag,
          ...(m.attestation !== undefined ? { attestation: m.attestation } : {}),
        }))
        return { messages, hasMore: false }
      },
      // The dapp's proposal goes to the pairing topic, where the wallet that scans the URI finds
      // it; the dapp listens there from now for the answer (its SDK does not subscribe itself).
      wc_proposeSession: (params) => {
        publish(params, 'pairingTopic', 'sessionProposal', TAG.proposal)
        topics.subscribe(str(params, 'pairingTopic'), listener)
        return true
      },
      // The wallet's approval: the answer on the pairing topic, the settlement on the new session
      // topic, which the wallet listens on from now (its SDK does not subscribe itself).
      wc_approveSession: (params) => {
        const sessionTopic = str(params, 'sessionTopic')
        str(params, 'sessionSettlementRequest')
        publish(params, 'pairingTopic', 'sessionProposalResponse', TAG.proposalResponse)
        topics.subscribe(sessionTopic, listener)
        publish(params, 'sessionTopic', 'sessionSettlementRequest', TAG.settlement)
        return true
      },
    }

    ws.on('message', (data) => {
      trace?.(`${name} → ${String(data).slice(0, 300)}`)
      let payload: unknown
      try {
        payload = JSON.parse(String(data))
      } catch {
        send({ id: null, jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } })
        return
      }
      const body = payload as Partial<Request> & { result?: unknown; error?: unknown }
      // An answer to a delivery: the client has the message.
      if (body.method === undefined && body.id !== undefined) {
        const hash = unanswered.get(String(body.id))
        unanswered.delete(String(body.id))
        if (hash && body.error === undefined) topics.acknowledge(clientId, hash)
        return
      }
      const { id, method } = body
      if (id === undefined || typeof method !== 'string') {
        send({
          id: id ?? null,
          jsonrpc: '2.0',
          error: { code: -32600, message: 'Invalid request' },
        })
        return
      }
      const handler = methods[method]
      // Anything else is said out loud, never answered with a silent success.
      if (!handler) {
        send({
          id,
          jsonrpc: '2.0',
          error: { code: -32601, message: `Method not found: ${method}` },
        })
        return
      }
      try {
        send({ id, jsonrpc: '2.0', result: handler((body.params ?? {}) as Params) })
      } catch (error) {
        const code = error instanceof RpcError ? error.code : -32603
        send({ id, jsonrpc: '2.0', error: { code, message: (error as Error).message } })
      }
    })
    // An oversized frame (MAX_FRAME_BYTES) is an error here and a 1009 close for the client;
    // unheard, it would end the process.
    ws.on('error', (error) => trace?.(`${name} ✕ ${error.message}`))
    ws.on('close', () => {
      sockets.delete(ws)
      topics.removeListener(listener)
    })
  }

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(options.port ?? 0, host, () => resolve())
  })
  const { port } = http.address() as AddressInfo
  return {
    url: `ws://${host}:${port}`,
    stats: () => ({ connections: sockets.size, ...topics.stats(), refused }),
    async stop() {
      for (const ws of sockets) ws.terminate()
      await new Promise<void>((resolve) => wss.close(() => resolve()))
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
  }
}
