/**
 * The dev chain's JSON-RPC endpoint, WebSocket and HTTP POST on one loopback port: chopsticks'
 * own method handlers (chain_*, state_*, author_*, system_*, payment_*, the new JSON-RPC spec's
 * chainHead_v1_* and friends, and dev_*) behind a small server of ours, so the chopsticks CLI
 * package, with its SQLite layer, is not needed (docs/polkadot-node.md#running-it-here).
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Blockchain } from '@acala-network/chopsticks-core'
import { type WebSocket, WebSocketServer } from 'ws'
import type { DevChain } from './chain.js'

type Handler = (
  context: { chain: Blockchain },
  params: unknown[],
  subscriptions: SubscriptionManager,
) => Promise<unknown>

interface SubscriptionManager {
  subscribe(method: string, id: string, onCancel?: () => void): (data: unknown) => void
  unsubscribe(id: string): void
}

interface RpcRequest {
  id?: number | string | null
  jsonrpc?: string
  method?: unknown
  params?: unknown
}

export interface DevChainRpc {
  url: string
  httpUrl: string
  port: number
  stop(): Promise<void>
}

/** Methods that build blocks or rewrite the head: run between the chain's own block builds. */
const EXCLUSIVE = new Set(['dev_newBlock', 'dev_setStorage', 'dev_timeTravel', 'dev_setHead'])

/** The methods whose success puts a transaction in the pool. */
const SUBMITS = new Set(['author_submitExtrinsic', 'author_submitAndWatchExtrinsic'])

/**
 * Serves `devChain` on `host:port`. `onSubmitted` runs after a transaction entered the pool
 * (the instant builder of `npm start`); dev_newBlock goes through the chain's serialised builder.
 */
export async function serveDevChainRpc(
  devChain: DevChain,
  options: { host?: string; port: number; onSubmitted?: () => void },
): Promise<DevChainRpc> {
  const handlers = devChain.core.allHandlers as unknown as Record<string, Handler>
  const context = { chain: devChain.chain }
  const { ResponseError } = devChain.core

  async function call(request: RpcRequest, subscriptions: SubscriptionManager) {
    const method = typeof request.method === 'string' ? request.method : ''
    const params = Array.isArray(request.params) ? request.params : []
    const handler = handlers[method]
    if (!handler) throw new ResponseError(-32601, `Method not found: ${method}`)
    const result = EXCLUSIVE.has(method)
      ? await devChain.exclusive(() => handler(context, params, subscriptions))
      : await handler(context, params, subscriptions)
    if (SUBMITS.has(method)) options.onSubmitted?.()
    return result
  }

  async function answer(request: RpcRequest, subscriptions: SubscriptionManager) {
    try {
      const result = await call(request, subscriptions)
      return { jsonrpc: '2.0', id: request.id ?? null, result: result ?? null }
    } catch (error) {
      const e = error as { code?: number; message?: string }
      const known = error instanceof ResponseError
      return {
        jsonrpc: '2.0',
        id: request.id ?? null,
        error: {
          code: known && typeof e.code === 'number' ? e.code : -32603,
          message: known ? e.message : `Internal ${String(error)}`,
        },
      }
    }
  }

  async function respond(body: string, subscriptions: SubscriptionManager) {
    let parsed: unknown
    try {
      parsed = JSON.parse(body)
    } catch {
      return { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }
    }
    if (Array.isArray(parsed))
      return Promise.all(parsed.map((r) => answer(r as RpcRequest, subscriptions)))
    if (typeof parsed !== 'object' || parsed === null)
      return { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } }
    return answer(parsed as RpcRequest, subscriptions)
  }

  const noSubscriptions: SubscriptionManager = {
    subscribe() {
      throw new ResponseError(-32601, 'Subscriptions need the WebSocket endpoint')
    },
    unsubscribe() {},
  }

  const server = http.createServer((req, res) => {
    const headers = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Headers': 'content-type',
      'Content-Type': 'application/json',
    }
    if (req.method === 'OPTIONS') return void res.writeHead(204, headers).end()
    if (req.method !== 'POST') {
      res
        .writeHead(405, headers)
        .end(JSON.stringify({ error: 'POST JSON-RPC, or open a WebSocket' }))
      return
    }
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', async () => {
      const reply = await respond(Buffer.concat(chunks).toString(), noSubscriptions)
      res.writeHead(200, headers).end(JSON.stringify(reply))
    })
  })
  const wss = new WebSocketServer({ server, maxPayload: 16 * 1024 * 1024 })
  wss.on('connection', (socket: WebSocket) => {
    const cancels = new Map<string, () => void>()
    const send = (data: unknown) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(data))
    }
    const subscriptions: SubscriptionManager = {
      subscribe(method, id, onCancel = () => {}) {
        cancels.set(id, onCancel)
        return (result) => {
          if (cancels.has(id))
            send({ jsonrpc: '2.0', method, params: { subscription: id, result } })
        }
      },
      unsubscribe(id) {
        const cancel = cancels.get(id)
        cancels.delete(id)
        cancel?.()
      },
    }
    const closeAll = () => {
      for (const id of [...cancels.keys()]) subscriptions.unsubscribe(id)
    }
    socket.on('close', closeAll)
    socket.on('error', closeAll)
    socket.on('message', async (data) => send(await respond(data.toString(), subscriptions)))
  })

  const host = options.host ?? '127.0.0.1'
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `ws://${host}:${port}`,
    httpUrl: `http://${host}:${port}`,
    port,
    async stop() {
      for (const client of wss.clients) client.terminate()
      await new Promise<void>((resolve) => wss.close(() => resolve()))
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
