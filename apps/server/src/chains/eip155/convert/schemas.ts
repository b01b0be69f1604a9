import { Type } from 'typebox'
import { errorResponses } from '../../../http/errors.js'
import { projectErrorResponses, sdkQuery } from '../../../http/project-query.js'

// Strings are checked by caip.ts in the handler, which names the field and the form it wants.
const caip2 = Type.String({ maxLength: 40, description: 'CAIP-2 network, e.g. eip155:1' })
const caip10 = (description: string) =>
  Type.String({
    maxLength: 120,
    description: `${description}: CAIP-10, e.g. eip155:1:0x…; the native coin is 0xeeee…eeee`,
  })
const baseUnits = (description: string) =>
  Type.String({ maxLength: 100, description: `${description}, in base units (wei)` })
const user = Type.String({
  maxLength: 120,
  description: "The swapper's address (or CAIP-10 account)",
})

export const convertErrors = {
  ...projectErrorResponses,
  ...errorResponses({
    400: "Malformed or unknown token, chain, amount or slippage; 'Network not supported for Swaps' (SWAP_NETWORK_UNSUPPORTED) or 'Network not supported for Gas Price' (GAS_PRICE_NETWORK_UNSUPPORTED); an amount the pools cannot take (SWAP_NO_LIQUIDITY)",
    502: 'SWAP_PROVIDER_UNAVAILABLE: the aggregator or the chain did not answer',
  }),
}

const tx = Type.Object({
  from: Type.String(),
  to: Type.String(),
  data: Type.String(),
  value: Type.String({ description: 'Wei, decimal' }),
  eip155: Type.Object({
    gas: Type.String({ description: 'Gas limit, decimal' }),
    gasPrice: Type.String({ description: 'Wei per gas, decimal' }),
  }),
})

export const tokensRoute = {
  querystring: Type.Object({ ...sdkQuery, chainId: caip2 }),
  response: {
    200: Type.Object({
      tokens: Type.Array(
        Type.Object({
          name: Type.String(),
          symbol: Type.String(),
          address: Type.String({ description: 'CAIP-10' }),
          decimals: Type.Integer(),
          logoUri: Type.String(),
        }),
      ),
    }),
    ...convertErrors,
  },
}

export const quotesRoute = {
  querystring: Type.Object({
    ...sdkQuery,
    amount: baseUnits('How much of `from` to sell'),
    userAddress: user,
    from: caip10('The token sold'),
    to: caip10('The token bought'),
    gasPrice: Type.Optional(
      Type.String({
        maxLength: 100,
        description: 'Ignored; accepted as the reference client sends it',
      }),
    ),
  }),
  response: {
    200: Type.Object({
      quotes: Type.Array(
        Type.Object({
          id: Type.Union([Type.String(), Type.Null()]),
          fromAmount: Type.String(),
          fromAccount: Type.String(),
          toAmount: Type.String(),
          toAccount: Type.String(),
        }),
      ),
    }),
    ...convertErrors,
  },
}

export const allowanceRoute = {
  querystring: Type.Object({
    ...sdkQuery,
    tokenAddress: caip10('The token to spend'),
    userAddress: user,
  }),
  response: {
    200: Type.Object({ allowance: Type.String({ description: 'Base units' }) }),
    ...convertErrors,
  },
}

export const gasPriceRoute = {
  querystring: Type.Object({ ...sdkQuery, chainId: caip2 }),
  response: {
    200: Type.Object({
      standard: Type.String({ description: 'Wei per gas' }),
      fast: Type.String(),
      instant: Type.String(),
    }),
    ...convertErrors,
  },
}

export const buildApproveRoute = {
  querystring: Type.Object({
    ...sdkQuery,
    userAddress: user,
    from: caip10('The token to approve'),
    to: caip10('The token the swap buys'),
    amount: baseUnits('How much to approve'),
  }),
  response: { 200: Type.Object({ tx }), ...convertErrors },
}

/** The reference client sends a POST's projectId in its body only: the query's may be left out. */
const postQuery = Type.Object({ ...sdkQuery, projectId: Type.Optional(sdkQuery.projectId) })

export const buildTransactionRoute = {
  querystring: postQuery,
  body: Type.Object({
    projectId: Type.Optional(
      Type.String({
        maxLength: 128,
        description: "The reference client sends it; the query's counts",
      }),
    ),
    amount: baseUnits('How much of `from` to sell'),
    from: caip10('The token sold'),
    to: caip10('The token bought'),
    userAddress: user,
    eip155: Type.Optional(
      Type.Object({
        slippage: Type.Optional(
          Type.String({ maxLength: 10, description: 'Percent, e.g. "1"; default 1' }),
        ),
        permit: Type.Optional(
          Type.String({ maxLength: 2000, description: 'Not supported: refused' }),
        ),
      }),
    ),
    disableEstimate: Type.Optional(
      Type.Boolean({ description: 'Skip eth_estimateGas (e.g. before the approval is mined)' }),
    ),
  }),
  response: { 200: Type.Object({ tx }), ...convertErrors },
}

export const priceRoute = {
  querystring: postQuery,
  body: Type.Object({
    projectId: Type.Optional(Type.String({ maxLength: 128 })),
    currency: Type.Union([Type.Literal('usd')], { description: 'Only usd' }),
    addresses: Type.Array(caip10('A token'), { minItems: 1, maxItems: 20 }),
  }),
  response: {
    200: Type.Object({
      fungibles: Type.Array(
        Type.Object({
          name: Type.String(),
          symbol: Type.String(),
          iconUrl: Type.String(),
          price: Type.Number({ description: 'USD per whole token' }),
        }),
      ),
    }),
    ...convertErrors,
  },
}
