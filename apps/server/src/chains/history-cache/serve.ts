import type { HistoryPage } from '@latch/core/wire'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ChainBackend } from '../types.js'
import { addressScope } from './announce.js'
import { etagOf, type HistoryCache, isHit, matchesEtag } from './cache.js'

/**
 * What a page depends on: the backend's chain scopes and the address's on-ramp purchases. Null
 * (never cached) when the backend cannot say, e.g. a page read live from a remote provider that
 * announces nothing.
 */
export function pageScopes(
  backend: ChainBackend,
  address: string,
  chainId: string | undefined,
): readonly string[] | null {
  const chains = backend.historyScopes?.(address, chainId)
  if (!chains) return null
  return [...chains, addressScope(address)]
}

const JSON_TYPE = 'application/json; charset=utf-8'

/**
 * Answers a history request from the cache, or loads, serializes and (when allowed) keeps the
 * page. Every 200 carries an ETag; a matching `If-None-Match` gets 304 and no body.
 */
export async function serveCached(
  request: FastifyRequest,
  reply: FastifyReply,
  at: {
    cache: HistoryCache
    key: string
    scopes: readonly string[] | null
    load: () => Promise<HistoryPage>
  },
): Promise<FastifyReply> {
  const found = at.cache.lookup(at.key, at.scopes)
  let body: string
  let etag: string
  if (isHit(found)) {
    ;({ body, etag } = found)
  } else {
    const page = await at.load()
    // The route's own serializer (its 200 schema), as Fastify would have run it.
    body = reply.serialize(page) as string
    etag = etagOf(body)
    if (found) at.cache.store(found, { body, etag })
  }
  reply.header('etag', etag)
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send()
  // A string with a JSON content type is sent as it is: serialized once, above or when cached.
  return reply.type(JSON_TYPE).send(body)
}
