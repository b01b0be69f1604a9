import { useEffect, useId } from 'react'
import { useLatch } from '../context.js'
import { fill } from '../messages.js'
import { sendMessages } from './lazyMessages.js'
import { defaultFeeRate, type FeeRate, type FeeRatesState, useFeeRates } from './useFeeRates.js'

function choiceLabel(t: ReturnType<typeof sendMessages>, rate: FeeRate): string {
  const speed =
    rate.blocks <= 1 ? t.feeRateNextBlock : fill(t.feeRateBlocks, { blocks: rate.blocks })
  return `${speed} · ${fill(t.feeRateValue, { rate: rate.satsPerVbyte })}`
}

/**
 * The send form's fee rate, for the families whose adapter estimates rates (docs/behaviour.md#views,
 * WalletSend): the network's estimates to pick from, one preselected. Renders nothing for the
 * others. `value` is the chosen rate; undefined lets the adapter price the send itself.
 */
export function FeeRatePicker({
  value,
  onChange,
  rates = undefined,
}: {
  value: number | undefined
  onChange(rate: number | undefined): void
  /** Given by the parent when it already reads them (tests, a custom form). */
  rates?: FeeRatesState | undefined
}) {
  const { messages } = useLatch('FeeRatePicker')
  const read = useFeeRates()
  const state = rates ?? read
  const id = useId()
  const t = sendMessages(messages)
  const choices = state.state === 'ready' ? state.rates : []

  // The estimates arrived (or changed) without the visitor's rate among them: preselect one.
  useEffect(() => {
    if (state.state !== 'ready') return
    if (value !== undefined && choices.some((c) => c.satsPerVbyte === value)) return
    onChange(defaultFeeRate(choices)?.satsPerVbyte)
  }, [state, value, choices, onChange])

  if (state.state === 'none') return null
  if (state.state === 'failed' || (state.state === 'ready' && choices.length === 0))
    return (
      <p className="latch-field-hint" data-testid="send-fee-rate-unavailable">
        {t.feeRatesUnavailable}
      </p>
    )
  return (
    <>
      <label className="latch-label" htmlFor={id}>
        {t.feeRate}
      </label>
      <select
        id={id}
        className="latch-input latch-select"
        data-testid="send-fee-rate"
        disabled={state.state === 'loading'}
        value={value === undefined ? '' : String(value)}
        onChange={(event) => onChange(Number(event.target.value) || undefined)}
      >
        {state.state === 'loading' ? <option value="">{messages.modal.loading}</option> : null}
        {choices.map((rate) => (
          <option key={rate.blocks} value={String(rate.satsPerVbyte)}>
            {choiceLabel(t, rate)}
          </option>
        ))}
      </select>
    </>
  )
}
