import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A development stand-in for Farcaster's hosted auth relay, speaking its HTTP protocol
 * (`POST /v1/channel`, `GET /v1/channel/status`, `POST /v1/channel/authenticate`, bearer channel
 * tokens, 202 while pending), in memory. Like the hosted relay it stores what a client posts and
 * checks nothing: the app server verifies (docs/social.md#farcaster). `tamper` lets a test play a
 * relay that lies. Never part of a deployment.
 */
export interface DevFarcasterRelay {
  url: string
  /** Replaces what the relay reports for a completed channel (a lying relay). */
  tamper(change: ((answer: Record<string, unknown>) => Record<string, unknown>) | undefined): void
  stop(): Promise<void>
}

interface Channel {
  state: 'pending' | 'completed'
  nonce: string
  url: string
  signatureParams: Record<string, unknown>
  answer?: Record<string, unknown>
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  let body = ''
  for await (const chunk of request) {
    body += chunk
    if (body.length > 16_384) throw new Error('too large')
  }
  return JSON.parse(body || '{}') as Record<string, unknown>
}

function send(response: ServerResponse, status: number, body: object) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

export async function startDevFarcasterRelay(options: { port?: number } = {}) {
  const channels = new Map<string, Channel>()
  let tamper: ((answer: Record<string, unknown>) => Record<string, unknown>) | undefined
  const bearer = (request: IncomingMessage) =>
    /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1]

  const server: Server = createServer(async (request, response) => {
    try {
      const path = new URL(request.url ?? '/', 'http://relay').pathname
      if (request.method === 'POST' && path === '/v1/channel') {
        const body = await readJson(request)
        const channelToken = randomBytes(16).toString('hex')
        const nonce = typeof body.nonce === 'string' ? body.nonce : randomBytes(8).toString('hex')
        const link = new URL('https://farcaster.xyz/~/siwf')
        link.searchParams.set('channelToken', channelToken)
        const url = link.toString()
        const { siweUri, domain } = body
        channels.set(channelToken, {
          state: 'pending',
          nonce,
          url,
          signatureParams: { siweUri, domain, nonce },
        })
        return send(response, 201, { channelToken, url, nonce })
      }
      const token = bearer(request)
      const channel = token ? channels.get(token) : undefined
      if (!channel) return send(response, 401, { error: 'Unauthorized' })
      if (request.method === 'GET' && path === '/v1/channel/status') {
        const { answer, ...rest } = channel
        const reported = answer && tamper ? tamper(answer) : answer
        return send(response, channel.state === 'completed' ? 200 : 202, { ...rest, ...reported })
      }
      if (request.method === 'POST' && path === '/v1/channel/authenticate') {
        channel.answer = await readJson(request)
        channel.state = 'completed'
        return send(response, 201, { state: 'completed', nonce: channel.nonce, url: channel.url })
      }
      return send(response, 404, { error: 'Not found' })
    } catch {
      return send(response, 400, { error: 'Bad request' })
    }
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    tamper(change) {
      tamper = change
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  } satisfies DevFarcasterRelay
}

/** What the relay hands a Farcaster client: the channel's parameters, for the wallet side. */
export async function relayChannelParams(relay: string, channelToken: string) {
  const response = await fetch(`${relay}/v1/channel/status`, {
    headers: { authorization: `Bearer ${channelToken}` },
  })
  const body = (await response.json()) as {
    signatureParams: { siweUri: string; domain: string; nonce: string }
  }
  return body.signatureParams
}
