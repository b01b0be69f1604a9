import { type FormEvent, useCallback, useEffect, useId, useMemo, useState } from 'react'
import { useLatch } from '../context.js'
import { useLatchAccount, useLatchNetwork, useLatchSendCalls } from '../hooks/index.js'
import { fill } from '../messages.js'
import {
  createSwapApi,
  failureReason,
  fromBaseUnits,
  isSlippage,
  NATIVE_TOKEN,
  priceImpact,
  type SwapToken,
  type SwapTx,
  toBaseUnits,
} from './SwapApi.js'
import { readSwapDraft, type SwapStep, useSwapDraft } from './SwapDraft.js'
import { swapMessages } from './SwapMessages.js'
import { SwapQuoteDetails } from './SwapQuoteDetails.js'
import { SwapTokenPicker } from './SwapTokenPicker.js'
import { useTokenBalances } from './TokenBalances.js'
import { useSwapNetworkFee } from './useSwapNetworkFee.js'

/** Quotes are asked once typing pauses, then again every few seconds while the view is open. */
const QUOTE_PAUSE_MS = 350
const QUOTE_REFRESH_MS = 10_000
const STATUS_POLL_MS = 1_000

const tail = (caip10: string) => caip10.split(':').at(-1)?.toLowerCase() ?? ''
/** A price as the pickers show it: cents for a dollar and up, four significant digits below. */
const formatUsd = (usd: number) => (usd >= 1 ? usd.toFixed(2) : usd.toPrecision(4))

/**
 * Swap one token for another on the account's network (docs/swap.md): quotes from the server's
 * convert routes, an approval first when the allowance is short, then the swap through the
 * connected wallet (EIP-5792 calls), pending until the chain confirms or reverts it.
 */
export function Swap() {
  const { config, messages } = useLatch('Swap')
  const t = swapMessages(messages)
  const { address } = useLatchAccount()
  const { network } = useLatchNetwork()
  const { balances, reload } = useTokenBalances()
  const { sendCalls, getCallsStatus } = useLatchSendCalls()
  const api = useMemo(
    () => createSwapApi(config.serverUrl, config.projectId),
    [config.serverUrl, config.projectId],
  )
  const ids = { amount: useId(), slippage: useId(), reason: useId() }
  const [tokens, setTokens] = useState<SwapToken[]>()
  const [loadError, setLoadError] = useState<string>()
  const chain = network?.caipNetworkId
  const key = `${address ?? ''}|${chain ?? ''}`
  const { draft, update } = useSwapDraft(key)
  const { fromId, toId, amount, slippage, step } = draft
  // A new pick or amount is a new swap: the last one's outcome goes.
  const settled = step.kind === 'done' || step.kind === 'failed'
  const edit = (patch: Partial<typeof draft>) =>
    update(settled ? { ...patch, step: { kind: 'idle' } } : patch)
  const setFromId = (fromId: string) => edit({ fromId })
  const setToId = (toId: string) => edit({ toId })
  const setAmount = (amount: string) => edit({ amount })
  const setSlippage = (slippage: string) => update({ slippage })
  const setStep = (step: SwapStep) => update({ step })
  const [quote, setQuote] = useState<bigint>()
  const [quoteError, setQuoteError] = useState<string>()
  // Whose allowance it is: an answer for the token picked before must not count for this one.
  const [allowance, setAllowance] = useState<{ token: string; amount: bigint }>()
  const [prices, setPrices] = useState<Record<string, number>>({})
  const [tick, setTick] = useState(0)

  useEffect(() => {
    if (!chain) return
    const abort = new AbortController()
    setTokens(undefined)
    setLoadError(undefined)
    api.tokens(chain, abort.signal).then(
      ({ tokens: list }) => {
        setTokens(list)
        // A draft kept from before (e.g. across the wallet's approval) keeps its tokens.
        const kept = readSwapDraft(key)
        update({
          fromId: kept.fromId || list[0]?.address || '',
          toId: kept.toId || list[1]?.address || '',
        })
      },
      (error: Error) => {
        if (!abort.signal.aborted) setLoadError(error.message)
      },
    )
    return () => abort.abort()
  }, [api, chain, key, update])

  const from = tokens?.find((x) => x.address === fromId)
  const to = tokens?.find((x) => x.address === toId)
  const units = from ? toBaseUnits(amount, from.decimals) : undefined
  const held = (token: SwapToken | undefined) => {
    if (!token) return undefined
    const native = tail(token.address) === NATIVE_TOKEN
    const row = balances.find((b) =>
      native ? !b.address : b.address !== undefined && tail(b.address) === tail(token.address),
    )
    return row ? (toBaseUnits(row.quantity.numeric, token.decimals) ?? 0n) : undefined
  }
  const fromBalance = held(from)
  const reason =
    amount !== '' && units === undefined
      ? t.badAmount
      : units !== undefined && fromBalance !== undefined && units > fromBalance
        ? t.tooMuch
        : !isSlippage(slippage)
          ? t.badSlippage
          : undefined

  // Re-quote when the inputs change, and every few seconds: a price that moved shows before the swap.
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), QUOTE_REFRESH_MS)
    return () => clearInterval(timer)
  }, [])
  // biome-ignore lint/correctness/useExhaustiveDependencies: tick asks again with the same inputs
  useEffect(() => {
    setQuoteError(undefined)
    if (!from || !to || units === undefined || !address || from.address === to.address) {
      setQuote(undefined)
      return
    }
    const abort = new AbortController()
    const timer = setTimeout(() => {
      const query = {
        from: from.address,
        to: to.address,
        amount: units.toString(),
        userAddress: address,
      }
      api.quote(query, abort.signal).then(
        ({ quotes }) => setQuote(quotes[0] ? BigInt(quotes[0].toAmount) : undefined),
        (error: Error) => {
          if (abort.signal.aborted) return
          setQuote(undefined)
          setQuoteError(error.message)
        },
      )
    }, QUOTE_PAUSE_MS)
    return () => {
      clearTimeout(timer)
      abort.abort()
    }
  }, [api, from, to, units, address, tick])

  const readAllowance = useCallback(() => {
    if (!from || !address) return
    const token = from.address
    api.allowance(token, address).then(
      (a) => setAllowance({ token, amount: BigInt(a.allowance) }),
      () => setAllowance(undefined),
    )
  }, [api, from, address])
  useEffect(readAllowance, [readAllowance])

  // Every listed token's price (the server takes 20 at a time), beside it in the pickers and
  // for the price impact; asked again with the quote, as a pool's price moves with its trades.
  // biome-ignore lint/correctness/useExhaustiveDependencies: tick asks again
  useEffect(() => {
    if (!tokens?.length) return
    let live = true
    const listed = tokens.slice(0, 20)
    api.prices(listed.map((x) => x.address)).then(
      ({ fungibles }) => {
        if (live)
          setPrices(Object.fromEntries(fungibles.map((f, i) => [listed[i]?.address, f.price])))
      },
      () => live && setPrices({}),
    )
    return () => {
      live = false
    }
  }, [api, tokens, tick])

  const fee = useSwapNetworkFee(
    api,
    from && to && units !== undefined && address && quote !== undefined
      ? { from: from.address, to: to.address, amount: units.toString(), userAddress: address }
      : undefined,
  )

  /** Sends one transaction and waits for the chain: true when it succeeded. */
  async function sendAndWait(tx: SwapTx): Promise<boolean> {
    const sent = await sendCalls({ calls: [{ to: tx.to, data: tx.data, value: BigInt(tx.value) }] })
    for (;;) {
      const status = await getCallsStatus(sent.id)
      if (status.status !== 'pending') return status.status === 'success'
      await new Promise((resolve) => setTimeout(resolve, STATUS_POLL_MS))
    }
  }

  const needsApproval =
    from !== undefined &&
    units !== undefined &&
    allowance?.token === from.address &&
    allowance.amount < units
  const ready = from && to && units !== undefined && quote !== undefined && !reason && address

  async function approve() {
    if (!ready) return
    setStep({ kind: 'approving' })
    try {
      const { tx } = await api.buildApprove({
        from: from.address,
        to: to.address,
        amount: units.toString(),
        userAddress: address,
      })
      if (!(await sendAndWait(tx))) throw new Error(t.reverted)
      readAllowance()
      setStep({ kind: 'idle' })
    } catch (error) {
      setStep({ kind: 'failed', reason: failureReason(error, t) })
    }
  }

  async function swap() {
    if (!ready) return
    setStep({ kind: 'swapping' })
    try {
      const { tx } = await api.buildTransaction({
        from: from.address,
        to: to.address,
        amount: units.toString(),
        userAddress: address,
        slippage,
      })
      if (!(await sendAndWait(tx))) throw new Error(t.reverted)
      update({
        step: { kind: 'done', amount: fromBaseUnits(quote, to.decimals), symbol: to.symbol },
        amount: '',
      })
      reload(true)
      readAllowance()
    } catch (error) {
      setStep({ kind: 'failed', reason: failureReason(error, t) })
    }
  }

  if (!address) return <p className="latch-view latch-hint">{t.noAccount}</p>
  if (loadError)
    return (
      <div className="latch-view" data-testid="view-swap">
        <p className="latch-field-error" role="alert" data-testid="swap-unavailable">
          {loadError}
        </p>
      </div>
    )
  if (!tokens)
    return (
      <div className="latch-view" data-testid="view-swap">
        <p className="latch-hint">{t.loading}</p>
      </div>
    )

  const busy = step.kind === 'approving' || step.kind === 'swapping'
  const usd = from && units !== undefined ? prices[from.address] : undefined
  const native = tokens.find((x) => tail(x.address) === NATIVE_TOKEN)
  const impact =
    from && to && units !== undefined && quote !== undefined
      ? priceImpact(
          { units, decimals: from.decimals, usd: prices[from.address] },
          { units: quote, decimals: to.decimals, usd: prices[to.address] },
        )
      : undefined
  const detail = (token: SwapToken) => {
    const units = held(token)
    const price = prices[token.address]
    return [
      units !== undefined ? fill(t.held, { amount: fromBaseUnits(units, token.decimals, 4) }) : '',
      price ? fill(t.price, { usd: formatUsd(price) }) : '',
    ]
      .filter(Boolean)
      .join(' · ')
  }
  const picker = (label: string, value: string, set: (v: string) => void, testId: string) => (
    <SwapTokenPicker
      label={label}
      searchLabel={t.search}
      noMatch={t.noMatch}
      tokens={tokens}
      value={value}
      onChange={set}
      disabled={busy}
      testId={testId}
      detail={detail}
    />
  )

  return (
    <form
      className="latch-view latch-form"
      data-testid="view-swap"
      noValidate
      onSubmit={(event: FormEvent) => event.preventDefault()}
    >
      {picker(t.from, fromId, setFromId, 'swap-from')}
      <label className="latch-label" htmlFor={ids.amount}>
        {t.amount}
      </label>
      <div className="latch-actions-row">
        <input
          id={ids.amount}
          className="latch-input"
          data-testid="swap-amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.0"
          value={amount}
          disabled={busy}
          aria-invalid={reason ? true : undefined}
          aria-describedby={reason ? ids.reason : undefined}
          onChange={(event) => setAmount(event.target.value.replace(',', '.').trim())}
        />
        {from && fromBalance !== undefined ? (
          <button
            type="button"
            className="latch-secondary-button"
            data-testid="swap-max"
            disabled={busy}
            onClick={() => setAmount(fromBaseUnits(fromBalance, from.decimals, from.decimals))}
          >
            {t.max}
          </button>
        ) : null}
      </div>
      {from && fromBalance !== undefined ? (
        <p className="latch-field-hint" data-testid="swap-balance">
          {fill(t.balance, {
            amount: fromBaseUnits(fromBalance, from.decimals),
            symbol: from.symbol,
          })}
          {usd !== undefined && units !== undefined && from
            ? ` · ${fill(t.worth, { usd: (usd * Number(fromBaseUnits(units, from.decimals))).toFixed(2) })}`
            : ''}
        </p>
      ) : null}
      {picker(t.to, toId, setToId, 'swap-to')}
      {quote !== undefined && to ? (
        <SwapQuoteDetails
          t={t}
          to={to}
          quote={quote}
          slippage={slippage}
          impact={impact}
          fee={fee}
          native={native ?? network?.nativeCurrency ?? { symbol: '', decimals: 18 }}
        />
      ) : units !== undefined && !quoteError ? (
        <p className="latch-hint">{t.quoting}</p>
      ) : null}
      <label className="latch-label" htmlFor={ids.slippage}>
        {t.slippage}
      </label>
      <input
        id={ids.slippage}
        className="latch-input"
        data-testid="swap-slippage"
        inputMode="decimal"
        value={slippage}
        disabled={busy}
        onChange={(event) => setSlippage(event.target.value.replace(',', '.').trim())}
      />
      {reason || quoteError ? (
        <p className="latch-field-error" id={ids.reason} role="alert" data-testid="swap-reason">
          {reason ?? quoteError}
        </p>
      ) : null}
      {needsApproval ? (
        <button
          type="button"
          className="latch-primary-button"
          data-testid="swap-approve"
          disabled={!ready || busy}
          onClick={approve}
        >
          {fill(step.kind === 'approving' ? t.approving : t.approve, {
            symbol: from?.symbol ?? '',
          })}
        </button>
      ) : (
        <button
          type="button"
          className="latch-primary-button"
          data-testid="swap-submit"
          disabled={!ready || busy}
          onClick={swap}
        >
          {step.kind === 'swapping' ? t.swapping : t.swap}
        </button>
      )}
      {step.kind === 'done' ? (
        <p className="latch-hint" role="status" data-testid="swap-done">
          {fill(t.done, { amount: step.amount, symbol: step.symbol })}
        </p>
      ) : null}
      {step.kind === 'failed' ? (
        <p className="latch-field-error" role="alert" data-testid="swap-failed">
          {fill(t.failed, { reason: step.reason })}
        </p>
      ) : null}
    </form>
  )
}
