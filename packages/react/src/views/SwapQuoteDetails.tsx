import { fill } from '../messages.js'
import {
  fromBaseUnits,
  HIGH_PRICE_IMPACT_PERCENT,
  isSlippage,
  minimumReceived,
  type SwapToken,
} from './SwapApi.js'
import type { SwapMessages } from './SwapMessages.js'

export interface SwapQuoteDetailsProps {
  t: SwapMessages
  to: SwapToken
  quote: bigint
  slippage: string
  /** Percent; undefined without both tokens' prices. */
  impact: number | undefined
  /** In the native coin's base units; undefined until the server built the swap. */
  fee: bigint | undefined
  native: { symbol: string; decimals: number }
}

/** A fee in three significant digits, never rounded to nothing (dev chains' gas is cheap). */
const feeAmount = (units: bigint, decimals: number) =>
  (Number(units) / 10 ** decimals).toLocaleString('en-US', {
    maximumSignificantDigits: 3,
    useGrouping: false,
  })

/** What the quote gives: the amount, the minimum at the slippage, the price impact and the fee. */
export function SwapQuoteDetails({
  t,
  to,
  quote,
  slippage,
  impact,
  fee,
  native,
}: SwapQuoteDetailsProps) {
  const high = impact !== undefined && impact > HIGH_PRICE_IMPACT_PERCENT
  // Below a hundredth the pool's fee and move round to nothing worth showing as negative.
  const shown = impact === undefined ? '' : Math.max(impact, 0).toFixed(2)
  return (
    <>
      <p className="latch-field-hint" data-testid="swap-quote" aria-live="polite">
        {fill(t.youGet, { amount: fromBaseUnits(quote, to.decimals), symbol: to.symbol })}
        <br />
        {isSlippage(slippage)
          ? fill(t.minimum, {
              amount: fromBaseUnits(minimumReceived(quote, slippage), to.decimals),
              symbol: to.symbol,
              slippage,
            })
          : ''}
        {impact !== undefined && !high ? (
          <>
            <br />
            <span data-testid="swap-impact">{fill(t.priceImpact, { impact: shown })}</span>
          </>
        ) : null}
        {fee !== undefined ? (
          <>
            <br />
            <span data-testid="swap-fee">
              {fill(t.networkFee, {
                fee: feeAmount(fee, native.decimals),
                symbol: native.symbol,
              })}
            </span>
          </>
        ) : null}
      </p>
      {high ? (
        <p className="latch-field-error" role="alert" data-testid="swap-impact-warning">
          {fill(t.highImpact, { impact: shown })}
        </p>
      ) : null}
    </>
  )
}
