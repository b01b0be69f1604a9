import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { AccountNameRecord } from '@latch/core/wire'
import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { Type } from 'typebox'
import { type Address, isAddress } from 'viem'
import { errorResponses, HttpError } from '../http/errors.js'
import { publicConfig } from '../http/project-scope.js'
import { readRateLimit } from '../http/rate-limit.js'
import { GuardedFetchError, type GuardedFetchOptions, guardedFetch } from '../net/guarded-fetch.js'
import { ensResolverFor } from './ens.js'
import { findName, primaryNameOf } from './store.js'

/**
 * Avatars are shown to people other than their owner (a send form, a profile): loading the
 * owner's URL in their browsers would tell the owner's host who looked, and when. So viewers get
 * a URL of this server's image route instead, and only this server fetches the owner's URL,
 * through the guarded fetch (public addresses only), keeps the image a while and serves it.
 */
export const AVATAR_IMAGE_PATH = '/public/getAvatarImage'

const MAX_IMAGE_BYTES = 512 * 1024
const IMAGE_TTL_MS = 60 * 60_000
const FAILURE_TTL_MS = 60_000
const CACHE_BYTES = 16 * 1024 * 1024
const IMAGE_LIMIT_PER_MINUTE = 120

/** Only a plain https URL is fetched for viewers; other records (ipfs:, NFTs) stay text. */
export function isServableAvatar(record: string | null | undefined): record is string {
  if (!record) return false
  try {
    return new URL(record).protocol === 'https:'
  } catch {
    return false
  }
}

/** This server's public origin, as mails and callbacks name it. */
function publicBase(request: FastifyRequest): string {
  const config = request.server.config as
    | { auth?: { publicUrl?: string }; port?: number }
    | undefined
  if (config?.auth?.publicUrl) return config.auth.publicUrl.replace(/\/$/, '')
  if (config?.port) return `http://localhost:${config.port}`
  // Route tests build the app without a config: the address they were asked on.
  return `${request.protocol}://${request.host}`
}

/** The image route's absolute URL for an avatar: `id` is a registered name or an address. */
export function avatarImageUrl(request: FastifyRequest, id: string): string {
  return `${publicBase(request)}${AVATAR_IMAGE_PATH}/${encodeURIComponent(id)}`
}

/** A name record as viewers get it: its avatar, if any, is this server's image URL. */
export function servedRecord(request: FastifyRequest, record: AccountNameRecord) {
  return {
    ...record,
    attributes: record.attributes.map((attributes) =>
      attributes.avatar
        ? { ...attributes, avatar: avatarImageUrl(request, record.name) }
        : attributes,
    ),
  }
}

const SIGNATURES: [string, (b: Buffer) => boolean][] = [
  ['image/png', (b) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex'))],
  ['image/jpeg', (b) => b.subarray(0, 3).equals(Buffer.from('ffd8ff', 'hex'))],
  ['image/gif', (b) => /^GIF8[79]a/.test(b.subarray(0, 6).toString('latin1'))],
  [
    'image/webp',
    (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' &&
      b.subarray(8, 12).toString('latin1') === 'WEBP',
  ],
]

/** The type by the bytes, not the host's header: raster images only (SVG can carry script). */
export function sniffImage(body: Buffer): string | undefined {
  return SIGNATURES.find(([, matches]) => matches(body))?.[0]
}

type Cached = { image: { type: string; body: Buffer } | null; at: number }

/** Fetched avatars, by source URL, bounded in bytes; a failure is remembered a minute. */
class AvatarCache {
  private readonly entries = new Map<string, Cached>()
  private bytes = 0

  get(url: string): Cached | undefined {
    const entry = this.entries.get(url)
    if (!entry) return undefined
    const ttl = entry.image ? IMAGE_TTL_MS : FAILURE_TTL_MS
    if (Date.now() - entry.at < ttl) return entry
    this.delete(url)
    return undefined
  }

  set(url: string, image: Cached['image']) {
    this.delete(url)
    const size = image?.body.length ?? 0
    while (this.bytes + size > CACHE_BYTES && this.entries.size > 0)
      this.delete(this.entries.keys().next().value as string)
    this.entries.set(url, { image, at: Date.now() })
    this.bytes += size
  }

  private delete(url: string) {
    const entry = this.entries.get(url)
    if (!entry) return
    this.bytes -= entry.image?.body.length ?? 0
    this.entries.delete(url)
  }
}

export interface AvatarRouteOptions {
  /** Chain 1's upstream resolves ENS avatars of addresses without a name here. */
  rpcUrls: ReadonlyMap<number, string>
  /** Only tests and the dev stack pass this (to reach loopback fixtures); never configuration. */
  fetchOptions?: GuardedFetchOptions | undefined
}

class AvatarNotFoundError extends HttpError {
  override name = 'AvatarNotFoundError'
  constructor() {
    super(404, 'AVATAR_NOT_FOUND', 'No avatar image for this name or address.')
  }
}

/** One image cache per registration: avatars fetched once an hour at most, whatever the traffic. */
const plugin: FastifyPluginAsyncTypebox<AvatarRouteOptions> = async (app, options) => {
  const cache = new AvatarCache()

  const sourceOf = async (
    app: { db: Parameters<typeof findName>[0] },
    id: string,
  ): Promise<string | null> => {
    if (isAddress(id, { strict: false })) {
      const own = await primaryNameOf(app.db, id)
      if (own) return own.attributes.avatar ?? null
      const rpcUrl = options.rpcUrls.get(1)
      if (!rpcUrl) return null
      const ens = await ensResolverFor(rpcUrl)
        .lookup(id.toLowerCase() as Address)
        .catch(() => null)
      return ens?.avatarRecord ?? null
    }
    const row = await findName(app.db, id.toLowerCase())
    return row?.attributes.avatar ?? null
  }

  const load = async (url: string, log: FastifyRequest['log']) => {
    const cached = cache.get(url)
    if (cached) return cached.image
    let image: Cached['image'] = null
    try {
      const response = await guardedFetch(url, {
        maxBytes: MAX_IMAGE_BYTES,
        headers: { accept: 'image/png,image/jpeg,image/gif,image/webp' },
        ...options.fetchOptions,
      })
      const type = response.status === 200 ? sniffImage(response.body) : undefined
      image = type ? { type, body: response.body } : null
      if (!image) log.info({ status: response.status }, 'avatar is not an image')
    } catch (error) {
      if (!(error instanceof GuardedFetchError)) throw error
      // The refused address goes to the log only: it may name an internal host.
      log.info({ code: error.code, err: error }, 'avatar fetch refused or failed')
    }
    cache.set(url, image)
    return image
  }

  app.get(
    `${AVATAR_IMAGE_PATH}/:id`,
    {
      config: { ...publicConfig, rateLimit: readRateLimit(IMAGE_LIMIT_PER_MINUTE) },
      schema: {
        summary: 'The avatar of a registered name or of an address, fetched by this server',
        description:
          "Viewers' browsers never contact the avatar's host: this server fetches https avatars (public addresses only, at most 512 KiB, PNG, JPEG, GIF or WebP) and keeps them an hour.",
        tags: ['images'],
        params: Type.Object({
          id: Type.String({ minLength: 1, maxLength: 320, pattern: '^[A-Za-z0-9.-]+$' }),
        }),
        response: {
          200: Type.Unsafe<Buffer>({
            type: 'string',
            format: 'binary',
            description: 'A PNG, JPEG, GIF or WebP image',
          }),
          ...errorResponses({ 404: 'AVATAR_NOT_FOUND: none set, not https, or not an image' }),
        },
      },
    },
    async (request, reply) => {
      const source = await sourceOf(app, request.params.id)
      if (!isServableAvatar(source)) throw new AvatarNotFoundError()
      const image = await load(source, request.log)
      if (!image) throw new AvatarNotFoundError()
      return reply
        .header('cache-control', 'public, max-age=3600')
        .header('content-security-policy', "default-src 'none'")
        .header('x-content-type-options', 'nosniff')
        .type(image.type)
        .send(image.body)
    },
  )
}

/** `GET /public/getAvatarImage/:id`: the avatar of a registered name or of an address. */
export const avatarRoutes = fp(plugin, { name: 'latch-name-avatars', encapsulate: true })
