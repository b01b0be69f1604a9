import { Type } from 'typebox'
import { errorResponses } from '../http/errors.js'
import { projectErrorResponses, safeString } from '../http/project-query.js'
import { FIAT_AMOUNT_PATTERN } from './limits.js'

const providerId = Type.Union([Type.Literal('moonpay'), Type.Literal('coinbase')])
const paymentMethod = Type.Union([Type.Literal('card'), Type.Literal('bank')])
const decimal = Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?$' })
const status = Type.Union([
  Type.Literal('created'),
  Type.Literal('pending'),
  Type.Literal('completed'),
  Type.Literal('failed'),
])

/** What to buy: the same fields for a quote and a checkout. */
export const purchaseFields = {
  network: Type.String({ pattern: '^eip155:[1-9][0-9]{0,15}$', description: 'CAIP-2 network' }),
  asset: Type.String({ pattern: '^[A-Za-z0-9]{1,16}$', description: 'Symbol, e.g. ETH' }),
  fiatCurrency: Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217, e.g. USD' }),
  fiatAmount: Type.String({ pattern: FIAT_AMOUNT_PATTERN, description: 'e.g. "50" or "49.99"' }),
  paymentMethod,
}

export const onrampErrors = errorResponses({
  404: 'ONRAMP_PROVIDER_NOT_CONFIGURED or ONRAMP_SESSION_NOT_FOUND',
  422: 'ONRAMP_AMOUNT_BELOW_MINIMUM / _ABOVE_MAXIMUM (the limits named), ONRAMP_ASSET_NOT_OFFERED, ONRAMP_METHOD_NOT_OFFERED, ONRAMP_PROVIDER_REFUSED',
  502: 'ONRAMP_PROVIDER_UNAVAILABLE',
})

export const optionsResponse = {
  200: Type.Object({
    providers: Type.Array(Type.Object({ id: providerId, name: Type.String() })),
    assets: Type.Array(
      Type.Object({
        network: Type.String(),
        symbol: Type.String(),
        name: Type.String(),
        address: Type.Union([Type.String(), Type.Null()]),
        providers: Type.Array(providerId),
      }),
    ),
    fiatCurrencies: Type.Array(Type.String()),
    paymentMethods: Type.Array(paymentMethod),
    limits: Type.Array(
      Type.Object({
        provider: providerId,
        paymentMethod,
        fiatCurrency: Type.String(),
        min: decimal,
        max: decimal,
        source: Type.Union([Type.Literal('provider'), Type.Literal('fallback')]),
      }),
    ),
  }),
  ...projectErrorResponses,
}

export const quoteBody = Type.Object({
  ...purchaseFields,
  provider: Type.Optional(providerId),
})

export const quoteResponse = {
  200: Type.Object({
    quotes: Type.Array(
      Type.Object({
        provider: providerId,
        fiatCurrency: Type.String(),
        fiatAmount: decimal,
        cryptoAmount: decimal,
        providerFee: decimal,
        networkFee: decimal,
        total: decimal,
      }),
    ),
    refusals: Type.Array(
      Type.Object({ provider: providerId, code: Type.String(), message: Type.String() }),
    ),
  }),
  ...projectErrorResponses,
  ...onrampErrors,
}

export const sessionBody = Type.Object({
  ...purchaseFields,
  provider: providerId,
  address: Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' }),
  redirectUrl: Type.Optional(safeString(2048, 1)),
})

export const sessionView = Type.Object({
  id: Type.String(),
  provider: providerId,
  status,
  network: Type.String(),
  asset: Type.String(),
  address: Type.String(),
  fiatCurrency: Type.String(),
  fiatAmount: decimal,
  paymentMethod,
  cryptoAmount: Type.Union([decimal, Type.Null()]),
  txHash: Type.Union([Type.String(), Type.Null()]),
  failureReason: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
})

export const sessionCreatedResponse = {
  200: Type.Object({ session: sessionView, url: Type.String() }),
  ...projectErrorResponses,
  ...onrampErrors,
}

export const sessionResponse = {
  200: sessionView,
  ...projectErrorResponses,
  ...onrampErrors,
}

/** Loose on purpose: the signature, checked next, covers the raw bytes; the handler reads what it needs. */
export const webhookBody = Type.Object(
  {
    type: Type.Optional(Type.String({ maxLength: 64 })),
    data: Type.Record(Type.String(), Type.Unknown()),
    externalCustomerId: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  },
  { additionalProperties: true },
)

/** A CDP webhook event: loose likewise; the handler reads `partnerUserRef` and the outcome. */
export const coinbaseWebhookBody = Type.Object(
  {
    eventType: Type.String({ maxLength: 64 }),
    partnerUserRef: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: true },
)

export const webhookResponse = {
  200: Type.Object({ received: Type.Literal(true), changed: Type.Boolean(), status }),
  ...errorResponses({
    400: 'ONRAMP_BAD_SIGNATURE (header missing or malformed) or ONRAMP_STALE_WEBHOOK',
    401: 'ONRAMP_BAD_SIGNATURE: the HMAC does not match',
    403: 'ONRAMP_WEBHOOK_MISMATCH: the report names another project, provider or address than the session',
    404: 'ONRAMP_WEBHOOKS_OFF or ONRAMP_SESSION_NOT_FOUND',
    409: 'ONRAMP_WEBHOOK_REPLAYED: this signed delivery was already taken',
  }),
}
