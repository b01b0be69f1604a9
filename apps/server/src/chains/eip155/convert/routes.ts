import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { Type } from 'typebox'
import {
  answerPreflight,
  exposeErrors,
  projectScopedConfig,
  requireProject,
} from '../../../http/project-scope.js'
import { readRateLimit } from '../../../http/rate-limit.js'
import { parseAmount, parseChain, parseSlippage, parseToken, parseUser } from './caip.js'
import type { SwapConfig } from './config.js'
import { createDexProvider } from './dex.js'
import { createOneInchProvider } from './oneinch.js'
import {
  allowanceRoute,
  buildApproveRoute,
  buildTransactionRoute,
  gasPriceRoute,
  priceRoute,
  quotesRoute,
  tokensRoute,
} from './schemas.js'
import { createConvertService } from './service.js'
import { ConvertError, type SwapProvider } from './types.js'
import { createVeloraProvider } from './velora.js'

export interface ConvertRoutesOptions {
  /** Tests hand in providers; the server builds them from `config.swaps`. */
  providers?: SwapProvider[]
}

const READ_LIMIT_PER_MINUTE = 300
/** Quotes follow the user's typing and refresh every few seconds while the view is open. */
const QUOTE_LIMIT_PER_MINUTE = 120
const BUILD_LIMIT_PER_MINUTE = 30

/** The providers this server's configuration names: the DEX routers first, then the aggregator. */
export function providersFrom(
  config: SwapConfig,
  rpcUrls: ReadonlyMap<number, string>,
): SwapProvider[] {
  const providers: SwapProvider[] = []
  if (config.dexRouters.size > 0)
    providers.push(
      createDexProvider({ routers: config.dexRouters, rpcUrls, usdTokens: config.usdTokens }),
    )
  const aggregator = config.aggregator
  if (aggregator?.id === 'velora') providers.push(createVeloraProvider(aggregator))
  if (aggregator?.id === '1inch') providers.push(createOneInchProvider(aggregator))
  return providers
}

/**
 * The convert API in the reference's shapes (docs/swap.md): tokens, quotes, allowance, gas price,
 * approval and swap transactions, and USD prices. Project-scoped and rate-limited like the other
 * project routes; every id is CAIP, checked by caip.ts with an answer naming what is wrong.
 */
const plugin: FastifyPluginAsyncTypebox<ConvertRoutesOptions> = async (app, options) => {
  const swaps = app.config.swaps
  const service = createConvertService(
    options.providers ?? (swaps ? providersFrom(swaps, app.config.chainData.rpcUrls) : []),
    app.config.chainData.rpcUrls,
  )
  const scoped = (limit: number) => ({
    config: { ...projectScopedConfig, rateLimit: readRateLimit(limit) },
    onRequest: exposeErrors,
    preHandler: requireProject,
  })
  const tags = ['convert']

  for (const path of ['/v1/convert/build-transaction', '/v1/fungible/price'])
    app.options(
      path,
      {
        config: projectScopedConfig,
        schema: {
          hide: true,
          querystring: Type.Object({ projectId: Type.Optional(Type.String()) }),
        },
      },
      (request, reply) => {
        if (request.query.projectId !== undefined)
          return answerPreflight(request, reply, 'POST', 'content-type')
        // The reference client names the project in the body only, which a preflight does not
        // carry: let the POST come, and check its origin against that project's list then.
        const origin = request.headers.origin
        if (!origin) return reply.status(403).send()
        reply.header('access-control-allow-origin', origin)
        reply.header('vary', 'Origin')
        reply.header('access-control-allow-methods', 'POST')
        reply.header('access-control-allow-headers', 'content-type')
        reply.header('access-control-max-age', '600')
        return reply.status(204).send()
      },
    )

  /** Moves a body's projectId to the query, where the project scope and the rate limit read it. */
  const projectFromBody = async (request: FastifyRequest) => {
    const query = request.query as { projectId?: string }
    const fromBody = (request.body as { projectId?: unknown } | null)?.projectId
    if (typeof fromBody !== 'string') return
    if (query.projectId === undefined) query.projectId = fromBody
    else if (query.projectId !== fromBody)
      throw new ConvertError(
        400,
        'SWAP_PROJECT_MISMATCH',
        'projectId differs between the query and the body',
      )
  }

  app.get(
    '/v1/convert/tokens',
    {
      ...scoped(READ_LIMIT_PER_MINUTE),
      schema: { summary: 'Tokens that can be swapped on a network', tags, ...tokensRoute },
    },
    async (request) => ({ tokens: await service.tokens(parseChain(request.query.chainId)) }),
  )

  app.get(
    '/v1/convert/quotes',
    {
      ...scoped(QUOTE_LIMIT_PER_MINUTE),
      schema: { summary: 'What selling `amount` of `from` buys of `to`', tags, ...quotesRoute },
    },
    async (request) => {
      const q = request.query
      const quote = await service.quote(
        parseToken(q.from, 'from'),
        parseToken(q.to, 'to'),
        parseAmount(q.amount),
        parseUser(q.userAddress),
      )
      return { quotes: [quote] }
    },
  )

  app.get(
    '/v1/convert/allowance',
    {
      ...scoped(READ_LIMIT_PER_MINUTE),
      schema: {
        summary: "How much of a token the swap's spender may take from the user",
        tags,
        ...allowanceRoute,
      },
    },
    async (request) => {
      const { tokenAddress, userAddress } = request.query
      const allowance = await service.allowance(
        parseToken(tokenAddress, 'tokenAddress'),
        parseUser(userAddress),
      )
      return { allowance: allowance.toString() }
    },
  )

  app.get(
    '/v1/convert/gas-price',
    {
      ...scoped(READ_LIMIT_PER_MINUTE),
      schema: { summary: 'Gas price tiers on a swap network', tags, ...gasPriceRoute },
    },
    async (request) => {
      const prices = await service.gasPrice(parseChain(request.query.chainId))
      return {
        standard: prices.standard.toString(),
        fast: prices.fast.toString(),
        instant: prices.instant.toString(),
      }
    },
  )

  app.get(
    '/v1/convert/build-approve',
    {
      ...scoped(BUILD_LIMIT_PER_MINUTE),
      schema: {
        summary: "The approval of `amount` of `from` to the swap's spender, as a transaction",
        tags,
        ...buildApproveRoute,
      },
    },
    async (request) => {
      const q = request.query
      const tx = await service.buildApprove(
        parseToken(q.from, 'from'),
        parseToken(q.to, 'to'),
        parseAmount(q.amount),
        parseUser(q.userAddress),
      )
      return { tx }
    },
  )

  app.post(
    '/v1/convert/build-transaction',
    {
      ...scoped(BUILD_LIMIT_PER_MINUTE),
      preValidation: projectFromBody,
      schema: {
        summary: 'The swap as a transaction, refusing less than the quote less the slippage',
        tags,
        ...buildTransactionRoute,
      },
    },
    async (request) => {
      const body = request.body
      if (body.eip155?.permit !== undefined)
        throw new ConvertError(
          400,
          'SWAP_PERMIT_UNSUPPORTED',
          'Permits are not supported: approve first (build-approve)',
        )
      const tx = await service.buildTransaction(
        parseToken(body.from, 'from'),
        parseToken(body.to, 'to'),
        parseAmount(body.amount),
        parseUser(body.userAddress),
        parseSlippage(body.eip155?.slippage),
        body.disableEstimate === true,
      )
      return { tx }
    },
  )

  app.post(
    '/v1/fungible/price',
    {
      ...scoped(READ_LIMIT_PER_MINUTE),
      preValidation: projectFromBody,
      schema: { summary: 'USD prices of tokens on swap networks', tags, ...priceRoute },
    },
    async (request) => {
      const tokens = request.body.addresses.map((a, i) => parseToken(a, `addresses[${i}]`))
      return { fungibles: await Promise.all(tokens.map((t) => service.price(t))) }
    },
  )
}

export const convertRoutes = fp(plugin, { name: 'latch-convert-routes', encapsulate: true })
