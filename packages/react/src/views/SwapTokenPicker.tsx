import { useId, useState } from 'react'
import type { SwapToken } from './SwapApi.js'
import { searchTokens } from './swapTokenSearch.js'

export interface SwapTokenPickerProps {
  label: string
  searchLabel: string
  noMatch: string
  tokens: readonly SwapToken[]
  value: string
  onChange: (address: string) => void
  disabled: boolean
  testId: string
  /** What is known of a token beside its name: the balance held and its price. */
  detail: (token: SwapToken) => string
}

/**
 * One side of the swap: a search box (symbol, name or pasted address) that narrows a native
 * select, so the keyboard, screen readers and phones work as with any select. When the search
 * leaves out the token picked, the first one it names is picked instead.
 */
export function SwapTokenPicker(props: SwapTokenPickerProps) {
  const { tokens, value, onChange, testId } = props
  const ids = { select: useId(), search: useId(), none: useId() }
  const [query, setQuery] = useState('')
  const found = searchTokens(tokens, query)
  const shown = found.length > 0 ? found : tokens.filter((t) => t.address === value)

  function search(next: string) {
    setQuery(next)
    const matches = searchTokens(tokens, next)
    const first = matches[0]
    if (first && !matches.some((t) => t.address === value)) onChange(first.address)
  }

  return (
    <>
      <label className="latch-label" htmlFor={ids.select}>
        {props.label}
      </label>
      <input
        id={ids.search}
        type="search"
        className="latch-input"
        data-testid={`${testId}-search`}
        aria-label={`${props.label}: ${props.searchLabel}`}
        aria-controls={ids.select}
        aria-describedby={found.length === 0 ? ids.none : undefined}
        placeholder={props.searchLabel}
        autoComplete="off"
        spellCheck={false}
        value={query}
        disabled={props.disabled}
        onChange={(event) => search(event.target.value)}
      />
      <select
        id={ids.select}
        className="latch-input latch-select"
        data-testid={testId}
        value={value}
        disabled={props.disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        {shown.map((token) => (
          <option key={token.address} value={token.address}>
            {[`${token.symbol} · ${token.name}`, props.detail(token)].filter(Boolean).join(' · ')}
          </option>
        ))}
      </select>
      {found.length === 0 ? (
        <p className="latch-field-hint" id={ids.none} role="status" data-testid={`${testId}-none`}>
          {props.noMatch}
        </p>
      ) : null}
    </>
  )
}
