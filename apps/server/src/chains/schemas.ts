import { Type } from 'typebox'

export { HistoryPage, SupportedChains } from '@latch/core/wire'

import { errorResponses } from '../http/errors.js'
import { sdkQuery } from '../http/project-query.js'

/**
 * The history routes' own schemas: path, query and errors. The shapes they answer with
 * (HistoryPage, SupportedChains) are the wire schemas of `@latch/core/wire`, declared once.
 */

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
