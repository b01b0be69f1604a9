import { Type } from 'typebox'
import { errorResponses } from '../errors.js'
import { sdkQuery } from '../provider/schemas.js'

/**
 * The history routes' schemas: the wire types of `@latch/core/wire` (history.ts), field for
 * field, so responses are serialised from them and /docs shows the whole shape. A field missing
 * here would be dropped from every answer; the wire tests compare whole pages.
 */

const Media = Type.Object({ url: Type.String(), content_type: Type.Optional(Type.String()) })

const FungibleInfo = Type.Object({
  name: Type.Optional(Type.String()),
  symbol: Type.Optional(Type.String()),
  icon: Type.Optional(Type.Object({ url: Type.String() })),
  flags: Type.Optional(
    Type.Object(
      { is_spam: Type.Boolean() },
      { description: 'Latch extension: a token judged spam (Solana airdrops)' },
    ),
  ),
})

const NftInfo = Type.Object({
  name: Type.Optional(Type.String()),
  content: Type.Optional(
    Type.Object({ preview: Type.Optional(Media), detail: Type.Optional(Media) }),
  ),
  flags: Type.Object({ is_spam: Type.Boolean() }),
})

const TransactionTransfer = Type.Object({
  fungible_info: Type.Optional(FungibleInfo),
  nft_info: Type.Optional(NftInfo),
  direction: Type.Enum(['in', 'out', 'self']),
  quantity: Type.Object({ numeric: Type.String({ description: 'Decimal, in whole units' }) }),
  value: Type.Optional(Type.Number()),
  price: Type.Optional(Type.Number()),
})

const Transaction = Type.Object({
  id: Type.String(),
  metadata: Type.Object({
    operationType: Type.String({ description: 'send, receive, trade, approve, mint, burn, …' }),
    hash: Type.String(),
    minedAt: Type.String({ description: 'ISO 8601' }),
    sentFrom: Type.String(),
    sentTo: Type.String(),
    status: Type.Enum(['confirmed', 'failed', 'pending']),
    nonce: Type.Integer(),
    chain: Type.String({ description: 'CAIP-2, e.g. eip155:1' }),
  }),
  transfers: Type.Union([Type.Array(TransactionTransfer), Type.Null()]),
})

export const HistoryPage = Type.Object({
  data: Type.Array(Transaction),
  next: Type.Union([Type.String(), Type.Null()], {
    description: 'Cursor of the next page (pass it as `cursor`); null on the last page',
  }),
})

/** One balance of `GET /v1/account/:address/balance`, in the reference shape. */
export const Balance = Type.Object({
  name: Type.String(),
  symbol: Type.String(),
  chainId: Type.String({ description: 'CAIP-2' }),
  address: Type.Optional(Type.String({ description: 'CAIP-10 of the token contract' })),
  value: Type.Union([Type.Number(), Type.Null()], { description: 'null: no price source' }),
  price: Type.Union([Type.Number(), Type.Null()], { description: 'null: no price source' }),
  quantity: Type.Object({ decimals: Type.String(), numeric: Type.String() }),
  iconUrl: Type.String(),
})

export const SupportedChains = Type.Object({
  http: Type.Array(Type.String(), { description: 'CAIP-2 ids with history' }),
  ws: Type.Array(Type.String(), { description: 'Always empty: no streaming yet' }),
})

export const HistoryParams = Type.Object({
  address: Type.String({
    description: 'EVM address (mixed case must be a valid checksum), or a Solana address (base58)',
  }),
})

/**
 * Plain strings, checked by the handler: each mistake has its own error code (INVALID_ADDRESS,
 * UNSUPPORTED_CHAIN, INVALID_LIMIT, INVALID_CURSOR) that clients act on.
 */
export const HistoryQuery = Type.Object({
  ...sdkQuery,
  chainId: Type.Optional(
    Type.String({
      description:
        'CAIP-2 (eip155:1, solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp); when absent, every EVM chain with history, or the one Solana cluster for a base58 address',
    }),
  ),
  cursor: Type.Optional(Type.String({ description: 'The `next` of the previous page' })),
  limit: Type.Optional(Type.String({ description: 'Page size, 1–100 (default 50)' })),
})

export const historyErrors = errorResponses({
  400: 'INVALID_ADDRESS, UNSUPPORTED_CHAIN, INVALID_LIMIT, INVALID_CURSOR, or VALIDATION_ERROR (a parameter given twice)',
  403: 'INVALID_PROJECT_ID (unknown project) or ORIGIN_NOT_ALLOWED',
  429: 'RATE_LIMITED: too many requests from this client',
  502: 'UPSTREAM_ERROR: the hosted history provider of that chain failed',
})
