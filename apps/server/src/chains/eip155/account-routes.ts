import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import type { Address } from 'viem'
import { errorResponses } from '../../http/errors.js'
import { projectErrorResponses, sdkQuery } from '../../http/project-query.js'
import { avatarImageUrl, isServableAvatar } from '../../names/avatar.js'
import { ensResolverFor } from '../../names/ens.js'
import { primaryNameOf } from '../../names/store.js'
import { parseAnyCaseAddress as parseAddress } from './balances.js'

export interface AccountRoutesOptions {
  /** JSON-RPC upstream per chain (LATCH_RPC_URLS); chain 1 resolves ENS names. */
  rpcUrls: ReadonlyMap<number, string>
  /** Route options of every project-scoped route (docs/provider-services.md#access). */
  scoped: object
}

const Identity = Type.Object({
  name: Type.Union([Type.String(), Type.Null()]),
  avatar: Type.Union([Type.String(), Type.Null()], {
    description:
      "This server's image URL for the avatar (only https avatars are served), else null",
  }),
  avatarRecord: Type.Union([Type.String(), Type.Null()], {
    description: 'The avatar as recorded (URL, ipfs:, NFT reference), as text: never fetched here',
  }),
})
const NO_IDENTITY = { name: null, avatar: null, avatarRecord: null }

const AddressParams = Type.Object({ address: Type.String({ maxLength: 64 }) })

/** `GET /v1/identity/:address` in the reference shape: this server's names, else ENS. */
export function accountRoutes(options: AccountRoutesOptions): FastifyPluginAsyncTypebox {
  /** ENS through chain 1's upstream, CCIP-Read off, the avatar as text (names/ens.ts). */
  const ensIdentity = async (request: FastifyRequest, address: Address) => {
    const rpcUrl = options.rpcUrls.get(1)
    if (!rpcUrl) return NO_IDENTITY
    try {
      const { name, avatarRecord } = await ensResolverFor(rpcUrl).lookup(address)
      const avatar = isServableAvatar(avatarRecord) ? avatarImageUrl(request, address) : null
      return { name, avatar, avatarRecord }
    } catch (error) {
      // A name is decoration: an upstream failure (or a resolver asking for an offchain lookup)
      // shows the address, never an error page.
      request.log.warn({ err: error }, 'ENS lookup failed')
      return NO_IDENTITY
    }
  }

  return async (app) => {
    app.get(
      '/v1/identity/:address',
      {
        ...options.scoped,
        schema: {
          summary: 'The name and avatar of an address',
          description:
            "The address's primary name in this server's registry, else its ENS name through the chain 1 upstream of LATCH_RPC_URLS (CCIP-Read off: offchain names are not resolved). The avatar is this server's image URL, never the owner's host; all null when there is none.",
          tags: ['history'],
          params: AddressParams,
          querystring: Type.Object({
            ...sdkQuery,
            sender: Type.Optional(Type.String({ maxLength: 64 })),
          }),
          response: {
            200: Identity,
            ...projectErrorResponses,
            ...errorResponses({ 400: 'INVALID_ADDRESS' }),
          },
        },
      },
      async (request) => {
        const address = parseAddress(request.params.address)
        const own = await primaryNameOf(app.db, address)
        if (own) {
          const record = own.attributes.avatar ?? null
          const avatar = isServableAvatar(record) ? avatarImageUrl(request, own.name) : null
          return { name: own.name, avatar, avatarRecord: record }
        }
        return ensIdentity(request, address)
      },
    )
  }
}
