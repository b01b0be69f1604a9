/** The two doors' shared HTTP plumbing: loopback-only listening, bodies, CORS, stopping. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

const MAX_BODY = 2_000_000
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost'])

export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError'
  constructor() {
    super(`request body over ${MAX_BODY} bytes`)
  }
}

/**
 * The request's body as text. Past MAX_BODY the rest is read and dropped (no memory grows) and
 * the promise rejects at its end, so the client gets a 413 rather than a reset connection.
 */
export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= MAX_BODY) chunks.push(chunk)
    })
    request.once('end', () =>
      size > MAX_BODY
        ? reject(new BodyTooLargeError())
        : resolve(Buffer.concat(chunks).toString('utf8')),
    )
    request.once('error', reject)
  })
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, {
    'content-type': 'application/json',
    // Browser wallets and the dev web app call the node directly, as they do public nodes.
    'access-control-allow-origin': '*',
  })
  response.end(JSON.stringify(body))
}

export interface Listening {
  url: string
  port: number
  stop(): Promise<void>
}

/** Serves `handle` on 127.0.0.1 (never another interface: a dev node holds test keys' funds). */
export async function listen(
  port: number,
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
  host = '127.0.0.1',
): Promise<Listening> {
  if (!LOOPBACK.has(host))
    throw new Error(`the dev Cosmos node listens on loopback only, not ${host}`)
  const server = createServer((request, response) => {
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, POST, OPTIONS',
        'access-control-allow-headers': 'content-type',
      })
      response.end()
      return
    }
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent) return void response.end()
      sendJson(response, error instanceof BodyTooLargeError ? 413 : 500, {
        error: error instanceof Error ? error.message : String(error),
      })
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, resolve)
  })
  const bound = (server.address() as AddressInfo).port
  return {
    url: `http://${host}:${bound}`,
    port: bound,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
