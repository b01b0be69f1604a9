/**
 * The local Solana cluster's endpoint: JSON-RPC over HTTP and the websocket subscriptions
 * (`signatureSubscribe`, `accountSubscribe`, `slotSubscribe`) on the same port. Development and
 * tests only; production points at real RPC providers (docs/solana.md#the-local-cluster).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocketServer } from 'ws'
import { INVALID_PARAMS, METHOD_NOT_FOUND, RpcError } from './errors.js'
import { toJson } from './json.js'
import { SolanaLedger } from './ledger.js'
import { methods } from './rpc.js'
import { SubscriptionHub } from './subscriptions.js'

export interface SolanaClusterOptions {
  host?: string
  /** Default 8899, a validator's; 0 picks a free port. */
  port?: number
  ledger?: SolanaLedger
}

export interface SolanaCluster {
  rpcUrl: string
  wsUrl: string
  ledger: SolanaLedger
  stop(): Promise<void>
}

const MAX_BODY = 1_000_000

type JsonRpcRequest = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown }

export function answer(ledger: SolanaLedger, request: JsonRpcRequest): unknown {
  const id = request.id ?? null
  try {
    if (typeof request.method !== 'string' || request.jsonrpc !== '2.0')
      throw new RpcError(-32600, 'Invalid request')
    const handler = methods[request.method]
    if (!handler)
      throw new RpcError(
        METHOD_NOT_FOUND,
        `Method not found: ${request.method} is not implemented by Latch's local Solana cluster`,
      )
    const params = request.params ?? []
    if (!Array.isArray(params))
      throw new RpcError(INVALID_PARAMS, 'Invalid params: expected an array')
    return { jsonrpc: '2.0', id, result: handler(ledger, params) }
  } catch (error) {
    if (error instanceof RpcError)
      return {
        jsonrpc: '2.0',
        id,
        error: {
          code: error.code,
          message: error.message,
          ...(error.data ? { data: error.data } : {}),
        },
      }
    return {
      jsonrpc: '2.0',
      id,
      error: {
        code: -32603,
        message: `Internal error: ${error instanceof Error ? error.message : String(error)}`,
      },
    }
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  let size = 0
  const chunks: Buffer[] = []
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY) throw new RpcError(-32600, 'Request too large')
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

function handleHttp(ledger: SolanaLedger) {
  return async (request: IncomingMessage, response: ServerResponse) => {
    // Browsers (the web app, the frame) call the cluster directly, as they would a public RPC.
    response.setHeader('access-control-allow-origin', '*')
    response.setHeader('access-control-allow-headers', 'content-type, solana-client')
    if (request.method === 'OPTIONS') return response.writeHead(204).end()
    if (request.method === 'GET' && request.url === '/health')
      return response.writeHead(200).end('ok')
    if (request.method !== 'POST') return response.writeHead(405).end()
    let body: unknown
    try {
      body = JSON.parse(await readBody(request))
    } catch {
      body = undefined
    }
    const reply =
      body === undefined
        ? { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }
        : Array.isArray(body)
          ? body.map((item) => answer(ledger, item as JsonRpcRequest))
          : answer(ledger, body as JsonRpcRequest)
    response.writeHead(200, { 'content-type': 'application/json' }).end(toJson(reply))
  }
}

export async function startSolanaCluster(
  options: SolanaClusterOptions = {},
): Promise<SolanaCluster> {
  const host = options.host ?? '127.0.0.1'
  const ledger = options.ledger ?? new SolanaLedger()
  const server = createServer((request, response) => {
    handleHttp(ledger)(request, response).catch(() => response.writeHead(500).end())
  })
  const sockets = new WebSocketServer({ server })
  const hub = new SubscriptionHub(ledger)
  sockets.on('connection', (socket) => hub.attach(socket))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 8899, host, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    rpcUrl: `http://${host}:${port}`,
    wsUrl: `ws://${host}:${port}`,
    ledger,
    async stop() {
      hub.close()
      for (const client of sockets.clients) client.terminate()
      await new Promise<void>((resolve) => sockets.close(() => resolve()))
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
