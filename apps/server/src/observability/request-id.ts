import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import proxyAddr from '@fastify/proxy-addr'
import type { FastifyInstance } from 'fastify'
import { type TrustProxySetting, trustProxyOption } from '../http/trust-proxy.js'

export const REQUEST_ID_HEADER = 'x-request-id'

// What a proxy's id may look like (a UUID, a hex trace id, `req-123:abc`): never a newline or a
// quote that could forge a log line, never long enough to bloat one.
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{1,128}$/

type Trust = (address: string, hop: number) => boolean

function trustOf(setting: TrustProxySetting): Trust {
  const option = trustProxyOption(setting)
  if (option === false) return () => false
  if (typeof option === 'function') return option
  if (option === true) return () => true
  return proxyAddr.compile(option)
}

/**
 * Fastify's `genReqId` (docs/deployment.md#metrics-and-probes): the `x-request-id` a trusted
 * proxy sends (LATCH_TRUST_PROXY, the same trust as for the client address) so one id follows a
 * request through the proxy's log and ours; from anyone else a fresh UUID, so a client cannot
 * pick the id its request is logged under.
 */
export function requestIdGenerator(setting: TrustProxySetting): (req: IncomingMessage) => string {
  const trust = trustOf(setting)
  return (req) => {
    const offered = req.headers[REQUEST_ID_HEADER]
    const peer = req.socket?.remoteAddress
    if (typeof offered === 'string' && ACCEPTED_ID.test(offered) && peer && trust(peer, 0))
      return offered
    return randomUUID()
  }
}

/** Every answer names its request id, so a user's report can be matched with the log line. */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id)
  })
}
