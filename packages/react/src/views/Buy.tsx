import { pushView } from '@latch/core'
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react'
import { useLatch } from '../context.js'
import { useLatchAccount, useLatchNetwork } from '../hooks/index.js'
import { fill } from '../messages.js'
import {
  type BuyOptions,
  type BuyQuote,
  checkBuyAmount,
  createBuyApi,
  type PaymentMethod,
  widestLimit,
} from './BuyApi.js'
import { buyMessages } from './BuyMessages.js'

/** Quotes are asked once typing pauses, not on every key. */
const QUOTE_PAUSE_MS = 350

/**
 * Buy with a card or a bank transfer (docs/onramp.md): the asset on the account's network, the
 * amount in fiat within the providers' limits (the reason shown when outside), each provider's
 * quote with its fees, and "Buy" opening the provider's checkout in a popup (a new tab on phones).
 */
export function Buy() {
  const { stores, config, messages } = useLatch('Buy')
  const t = buyMessages(messages)
  const { address } = useLatchAccount()
  const { network } = useLatchNetwork()
  const api = useMemo(
    () => createBuyApi(config.serverUrl, config.projectId),
    [config.serverUrl, config.projectId],
  )
  const ids = {
    asset: useId(),
    amount: useId(),
    method: useId(),
    currency: useId(),
    reason: useId(),
  }
  const [options, setOptions] = useState<BuyOptions>()
  const [loadError, setLoadError] = useState<string>()
  const [assetKey, setAssetKey] = useState('')
  const [method, setMethod] = useState<PaymentMethod>('card')
  const [amount, setAmount] = useState('')
  const [quotes, setQuotes] = useState<BuyQuote[]>()
  const [quoteError, setQuoteError] = useState<string>()
  const [opening, setOpening] = useState<string>()
  const [blockedUrl, setBlockedUrl] = useState<string>()
  const [chosenFiat, setFiat] = useState<string>()

  useEffect(() => {
    const abort = new AbortController()
    api.options(abort.signal).then(setOptions, (error: Error) => {
      if (!abort.signal.aborted) setLoadError(error.message)
    })
    return () => abort.abort()
  }, [api])

  const assets = (options?.assets ?? []).filter((a) => a.network === network?.caipNetworkId)
  const asset = assets.find((a) => `${a.symbol}|${a.address}` === assetKey) ?? assets[0]
  // USD first (the seed's limits are in USD), else the first currency a provider sells for.
  const fiatCurrencies = options?.fiatCurrencies ?? []
  const fiat = chosenFiat ?? (fiatCurrencies.includes('USD') ? 'USD' : (fiatCurrencies[0] ?? 'USD'))
  const limit = options ? widestLimit(options, method, fiat) : undefined
  const check = checkBuyAmount(amount, limit)
  const methodWord = method === 'card' ? t.card.toLowerCase() : t.bank.toLowerCase()
  const reason = check.ok
    ? undefined
    : check.reason === 'below'
      ? fill(t.below, { method: methodWord, min: limit?.min ?? '', currency: fiat })
      : check.reason === 'above'
        ? fill(t.above, { method: methodWord, max: limit?.max ?? '', currency: fiat })
        : check.reason === 'invalid'
          ? t.invalid
          : check.reason === 'unavailable'
            ? fill(t.methodUnavailable, { method: methodWord, currency: fiat })
            : undefined

  useEffect(() => {
    setQuotes(undefined)
    setQuoteError(undefined)
    if (!check.ok || !asset || !network) return
    const abort = new AbortController()
    const timer = setTimeout(() => {
      api
        .quote(
          {
            network: network.caipNetworkId,
            asset: asset.symbol,
            fiatCurrency: fiat,
            fiatAmount: amount,
            paymentMethod: method,
          },
          abort.signal,
        )
        .then(
          (answer) => setQuotes(answer.quotes),
          (error: Error) => {
            if (!abort.signal.aborted) setQuoteError(error.message)
          },
        )
    }, QUOTE_PAUSE_MS)
    return () => {
      clearTimeout(timer)
      abort.abort()
    }
  }, [api, check.ok, asset, network, amount, method, fiat])

  async function buy(quote: BuyQuote) {
    if (!asset || !network || !address) return
    const name = options?.providers.find((p) => p.id === quote.provider)?.name ?? quote.provider
    // Opened in the click itself: a window opened after an await is a blocked popup.
    const popup = stores.options.getState().isMobile
      ? window.open('', '_blank')
      : window.open('', 'latch-onramp', 'popup,width=460,height=720')
    setOpening(name)
    setQuoteError(undefined)
    try {
      const { session, url } = await api.start({
        provider: quote.provider,
        network: network.caipNetworkId,
        asset: asset.symbol,
        fiatCurrency: fiat,
        fiatAmount: amount,
        paymentMethod: method,
        address,
      })
      if (popup) popup.location.href = url
      else setBlockedUrl(url)
      pushView(stores.router, {
        view: 'BuyStatus',
        sessionId: session.id,
        provider: name,
        checkoutUrl: popup ? undefined : url,
      })
    } catch (error) {
      popup?.close()
      setQuoteError((error as Error).message)
    } finally {
      setOpening(undefined)
    }
  }

  if (loadError)
    return (
      <div className="latch-view" data-testid="view-buy">
        <p className="latch-field-error" role="alert">
          {fill(t.unavailable, { reason: loadError })}
        </p>
      </div>
    )
  if (!options)
    return (
      <div className="latch-view" data-testid="view-buy">
        <p className="latch-hint">{t.loading}</p>
      </div>
    )
  if (!asset)
    return (
      <div className="latch-view" data-testid="view-buy">
        <p className="latch-hint">{fill(t.noAssets, { network: network?.name ?? '' })}</p>
      </div>
    )

  return (
    <form
      className="latch-view latch-form"
      data-testid="view-buy"
      noValidate
      onSubmit={(event: FormEvent) => event.preventDefault()}
    >
      <LabelledSelect
        id={ids.asset}
        label={t.asset}
        testId="buy-asset"
        value={`${asset.symbol}|${asset.address}`}
        onChange={setAssetKey}
        options={assets.map((a) => ({
          value: `${a.symbol}|${a.address}`,
          text: `${a.symbol} · ${a.name}`,
        }))}
      />
      <LabelledSelect
        id={ids.method}
        label={t.method}
        testId="buy-method"
        value={method}
        onChange={(value) => setMethod(value as PaymentMethod)}
        options={options.paymentMethods.map((m) => ({
          value: m,
          text: m === 'card' ? t.card : t.bank,
        }))}
      />
      {fiatCurrencies.length > 1 ? (
        <LabelledSelect
          id={ids.currency}
          label={t.currency}
          testId="buy-currency"
          value={fiat}
          onChange={setFiat}
          options={fiatCurrencies.map((code) => ({ value: code, text: code }))}
        />
      ) : null}
      <label className="latch-label" htmlFor={ids.amount}>
        {t.amount} ({fiat})
      </label>
      <input
        id={ids.amount}
        className="latch-input"
        data-testid="buy-amount"
        inputMode="decimal"
        autoComplete="off"
        placeholder="50"
        value={amount}
        aria-invalid={reason ? true : undefined}
        aria-describedby={reason ? ids.reason : undefined}
        onChange={(event) => setAmount(event.target.value.replace(',', '.').trim())}
      />
      {limit ? (
        <p className="latch-field-hint" data-testid="buy-limits">
          {fill(t.limits, { min: limit.min, max: limit.max, currency: fiat })}
        </p>
      ) : null}
      {reason ? (
        <p className="latch-field-error" id={ids.reason} role="alert" data-testid="buy-reason">
          {reason}
        </p>
      ) : null}
      {quoteError ? (
        <p className="latch-field-error" role="alert" data-testid="buy-error">
          {quoteError}
        </p>
      ) : null}
      {check.ok && !quotes && !quoteError ? <p className="latch-hint">{t.quoting}</p> : null}
      {blockedUrl ? (
        <p className="latch-field-hint">
          {t.popupBlocked}{' '}
          <a href={blockedUrl} target="_blank" rel="noreferrer noopener">
            {t.openCheckout}
          </a>
        </p>
      ) : null}
      {quotes?.map((quote) => {
        const name = options.providers.find((p) => p.id === quote.provider)?.name ?? quote.provider
        return (
          <div
            className="latch-stack"
            key={quote.provider}
            data-testid={`buy-quote-${quote.provider}`}
          >
            <p className="latch-field-hint">
              {fill(t.youGet, { amount: quote.cryptoAmount, symbol: asset.symbol })}
            </p>
            <p className="latch-field-hint">
              {fill(t.fees, {
                fee: quote.providerFee,
                network: quote.networkFee,
                currency: quote.fiatCurrency,
              })}
            </p>
            <p className="latch-field-hint">
              {fill(t.total, { total: quote.total, currency: quote.fiatCurrency })}
            </p>
            <button
              type="button"
              className="latch-primary-button"
              data-testid={`buy-with-${quote.provider}`}
              disabled={opening !== undefined}
              onClick={() => void buy(quote)}
            >
              {opening === name
                ? fill(t.opening, { provider: name })
                : fill(t.buyWith, { provider: name })}
            </button>
          </div>
        )
      })}
    </form>
  )
}

/** A label and its select, as the buy form's asset, method and currency pickers are drawn. */
function LabelledSelect(props: {
  id: string
  label: string
  testId: string
  value: string
  onChange: (value: string) => void
  options: Array<{ value: string; text: string }>
}) {
  return (
    <>
      <label className="latch-label" htmlFor={props.id}>
        {props.label}
      </label>
      <select
        id={props.id}
        className="latch-input latch-select"
        data-testid={props.testId}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.text}
          </option>
        ))}
      </select>
    </>
  )
}
