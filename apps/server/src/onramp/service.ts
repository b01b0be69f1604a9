import type { FastifyBaseLogger } from 'fastify'
import { createCoinbase } from './coinbase.js'
import type { OnrampConfig } from './config.js'
import { checkAmount, limitFor } from './limits.js'
import { createMoonPay } from './moonpay.js'
import {
  OnrampError,
  type OnrampProvider,
  type PaymentMethod,
  type ProviderAsset,
  type ProviderId,
  type ProviderOptions,
  type ProviderQuote,
  paymentMethods,
} from './types.js'

/** Providers' catalogues change rarely; a page load must not cost a provider call. */
export const OPTIONS_TTL_MS = 5 * 60_000

export function providersFrom(config: OnrampConfig): OnrampProvider[] {
  return [
    ...(config.moonpay ? [createMoonPay(config.moonpay)] : []),
    ...(config.coinbase ? [createCoinbase(config.coinbase)] : []),
  ]
}

export interface ServedAsset {
  network: string
  symbol: string
  name: string
  address: string | null
  providers: ProviderId[]
}

export interface ServedLimit {
  provider: ProviderId
  paymentMethod: PaymentMethod
  fiatCurrency: string
  min: string
  max: string
  source: 'provider' | 'fallback'
}

export interface QuoteInput {
  network: string
  asset: string
  fiatCurrency: string
  fiatAmount: string
  paymentMethod: PaymentMethod
}

export interface Refusal {
  provider: ProviderId
  code: string
  message: string
}

export type ServedQuote = ProviderQuote & {
  provider: ProviderId
  fiatCurrency: string
  fiatAmount: string
}

export class AssetNotOfferedError extends OnrampError {
  override name = 'AssetNotOfferedError'
  constructor(asset: string, network: string) {
    super(422, 'ONRAMP_ASSET_NOT_OFFERED', `${asset} on ${network} cannot be bought here`)
  }
}

export class UnknownProviderError extends OnrampError {
  override name = 'UnknownProviderError'
  constructor(provider: string) {
    super(404, 'ONRAMP_PROVIDER_NOT_CONFIGURED', `${provider} is not configured on this server`)
  }
}

/** The providers behind one face: cached catalogues, limits checked before any provider call. */
export function createOnrampService(providers: OnrampProvider[], log: FastifyBaseLogger) {
  const cache = new Map<ProviderId, { at: number; options: Promise<ProviderOptions> }>()

  function optionsOf(provider: OnrampProvider): Promise<ProviderOptions> {
    const hit = cache.get(provider.id)
    if (hit && Date.now() - hit.at < OPTIONS_TTL_MS) return hit.options
    const options = provider.options()
    cache.set(provider.id, { at: Date.now(), options })
    // A failed read is not cached: the next page load asks again.
    options.catch(() => cache.delete(provider.id))
    return options
  }

  function providerById(id: string): OnrampProvider {
    const provider = providers.find((p) => p.id === id)
    if (!provider) throw new UnknownProviderError(id)
    return provider
  }

  async function assetOf(provider: OnrampProvider, network: string, symbol: string) {
    const options = await optionsOf(provider)
    const asset = options.assets.find(
      (a) => a.network === network && a.symbol === symbol.toUpperCase(),
    )
    if (!asset) throw new AssetNotOfferedError(symbol, network)
    return { options, asset }
  }

  return {
    providers,
    providerById,

    async options() {
      const assets = new Map<string, ServedAsset>()
      const fiat = new Set<string>(['USD'])
      const limits: ServedLimit[] = []
      const served: { id: ProviderId; name: string }[] = []
      for (const provider of providers) {
        let options: ProviderOptions
        try {
          options = await optionsOf(provider)
        } catch (error) {
          log.warn({ err: error, provider: provider.id }, 'on-ramp provider options unavailable')
          continue
        }
        served.push({ id: provider.id, name: provider.name })
        for (const a of options.assets) {
          const key = `${a.network}|${a.symbol}|${a.address ?? ''}`
          const entry = assets.get(key) ?? { ...pick(a), providers: [] }
          entry.providers.push(provider.id)
          assets.set(key, entry)
        }
        for (const code of options.fiatCurrencies) fiat.add(code)
        for (const fiatCurrency of [...new Set(['USD', ...options.fiatCurrencies])])
          for (const method of paymentMethods) {
            const limit = limitFor(options.limits, method, fiatCurrency)
            if (limit)
              limits.push({
                provider: provider.id,
                paymentMethod: method,
                fiatCurrency,
                min: limit.min,
                max: limit.max,
                source: limit.source,
              })
          }
      }
      return {
        providers: served,
        assets: [...assets.values()],
        fiatCurrencies: [...fiat].filter((code) => limits.some((l) => l.fiatCurrency === code)),
        paymentMethods: [...paymentMethods],
        limits,
      }
    },

    /** Each provider's quote, or its reason for none; the amount is checked against its limits first. */
    async quotes(input: QuoteInput, only?: string) {
      const chosen = only ? [providerById(only)] : providers
      const quotes: ServedQuote[] = []
      const refusals: Refusal[] = []
      for (const provider of chosen) {
        try {
          const { options, asset } = await assetOf(provider, input.network, input.asset)
          checkAmount(options.limits, input.paymentMethod, input.fiatCurrency, input.fiatAmount)
          const quote = await provider.quote({ ...input, asset })
          quotes.push({
            ...quote,
            provider: provider.id,
            fiatCurrency: input.fiatCurrency,
            fiatAmount: input.fiatAmount,
          })
        } catch (error) {
          if (!(error instanceof OnrampError)) throw error
          if ('detail' in error)
            log.warn({ provider: provider.id, detail: error.detail }, 'on-ramp quote failed')
          refusals.push({ provider: provider.id, code: error.code, message: error.message })
        }
      }
      return { quotes, refusals }
    },

    /** The asset and limit a checkout needs, refused with the same typed errors as a quote. */
    async checkoutAsset(providerId: string, input: QuoteInput): Promise<ProviderAsset> {
      const provider = providerById(providerId)
      const { options, asset } = await assetOf(provider, input.network, input.asset)
      checkAmount(options.limits, input.paymentMethod, input.fiatCurrency, input.fiatAmount)
      return asset
    },
  }
}

function pick(a: ProviderAsset) {
  return { network: a.network, symbol: a.symbol, name: a.name, address: a.address }
}

export type OnrampService = ReturnType<typeof createOnrampService>
