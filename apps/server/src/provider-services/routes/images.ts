import { createHash } from 'node:crypto'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { imagePaths } from '@latch/core/wire'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { Type } from 'typebox'
import { errorResponses, HttpError } from '../../http/errors.js'
import { publicConfig } from '../../http/project-scope.js'
import { findWalletByImageId } from '../catalogue/repository.js'
import { referenceAssetImages } from '../images/reference-ids.js'
import { currencyImages, networkImages, tokenImages } from '../images/sets.js'
import { drawIcon, initialsOf } from '../images/svg.js'

/** Ids never change meaning, but a wallet may be renamed: a month, then revalidate by ETag. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=2592000, stale-while-revalidate=86400'

const paramsSchema = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9._$-]+$' }),
})

const imageResponses = {
  200: Type.String({ description: 'An SVG image' }),
  304: Type.Null({ description: 'Not modified (If-None-Match matched the ETag)' }),
  ...errorResponses({ 404: 'No image with this id' }),
}

function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}

function sendSvg(request: FastifyRequest, reply: FastifyReply, svg: string) {
  const etag = etagOf(svg)
  reply
    .header('cache-control', IMAGE_CACHE_CONTROL)
    .header('etag', etag)
    // SVG can carry script: never run it, never sniff it as something else.
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .header('x-content-type-options', 'nosniff')
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send()
  return reply.type('image/svg+xml; charset=utf-8').send(svg)
}

class ImageNotFoundError extends HttpError {
  override name = 'ImageNotFoundError'
  constructor(kind: string, id: string) {
    super(404, 'IMAGE_NOT_FOUND', `No ${kind} image with id ${id}`)
  }
}

// `constructor` or `__proto__` must not find Object.prototype's members.
function own(table: Readonly<Record<string, string>>, key: string): string | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined
}

/** Wallet, network, currency and token images, drawn by the server; not origin-checked. */
const imageRoutesPlugin: FastifyPluginAsyncTypebox = async (app) => {
  const common = (summary: string) => ({
    config: publicConfig,
    schema: { summary, tags: ['images'], params: paramsSchema, response: imageResponses },
  })

  app.get(`${imagePaths.wallet}/:id`, common('Wallet icon by image_id'), async (request, reply) => {
    const wallet = await findWalletByImageId(request.server.db, request.params.id)
    if (!wallet) throw new ImageNotFoundError('wallet', request.params.id)
    return sendSvg(
      request,
      reply,
      drawIcon({ text: initialsOf(wallet.name), seed: wallet.id, shape: 'square' }),
    )
  })

  app.get(
    `${imagePaths.asset}/:id`,
    common(
      "Network (and connector) icon by assets.imageId, or by the reference client's fixed ids",
    ),
    async (request, reply) => {
      const text =
        own(networkImages, request.params.id) ?? own(referenceAssetImages, request.params.id)
      if (text === undefined) throw new ImageNotFoundError('asset', request.params.id)
      return sendSvg(request, reply, drawIcon({ text, seed: request.params.id, shape: 'circle' }))
    },
  )

  app.get(
    `${imagePaths.currency}/:id`,
    common('Fiat currency icon by ISO 4217 code'),
    async (request, reply) => {
      const code = request.params.id.toUpperCase()
      const text = own(currencyImages, code)
      if (text === undefined) throw new ImageNotFoundError('currency', request.params.id)
      return sendSvg(request, reply, drawIcon({ text, seed: code, shape: 'circle' }))
    },
  )

  app.get(`${imagePaths.token}/:id`, common('Token icon by symbol'), async (request, reply) => {
    const symbol = request.params.id.toUpperCase()
    if (!tokenImages.includes(symbol)) throw new ImageNotFoundError('token', request.params.id)
    return sendSvg(request, reply, drawIcon({ text: symbol, seed: symbol, shape: 'square' }))
  })
}

export const imageRoutes = fp(imageRoutesPlugin, {
  name: 'latch-provider-images',
  encapsulate: true,
})
