import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { SwapToken } from './SwapApi.js'
import { SwapTokenPicker } from './SwapTokenPicker.js'

afterEach(cleanup)

const token = (symbol: string, name: string, address: string): SwapToken => ({
  symbol,
  name,
  address: `eip155:31337:${address}`,
  decimals: 18,
  logoUri: '',
})
const tokens = [
  token('ETH', 'Ether', '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'),
  token('LUSD', 'Latch USD', '0x5FbDB2315678afecb367f032d93F642f64180aa3'),
  token('DEMO', 'Demo Token', '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'),
]

function Picker() {
  const [value, setValue] = useState(tokens[0]?.address ?? '')
  return (
    <>
      <SwapTokenPicker
        label="You pay"
        searchLabel="search by name, symbol or address"
        noMatch="No token matches."
        tokens={tokens}
        value={value}
        onChange={setValue}
        disabled={false}
        testId="pick"
        detail={(t) => (t.symbol === 'LUSD' ? '12.5 held · 1.00 USD' : '')}
      />
      <output data-testid="chosen">{value}</output>
    </>
  )
}

const options = () =>
  Array.from((screen.getByTestId('pick') as HTMLSelectElement).options).map((o) => o.text)

describe('SwapTokenPicker', () => {
  it('lists every token with what is known of it, the select named by its label', () => {
    render(<Picker />)
    expect(screen.getByLabelText('You pay')).toBe(screen.getByTestId('pick'))
    expect(options()).toEqual([
      'ETH · Ether',
      'LUSD · Latch USD · 12.5 held · 1.00 USD',
      'DEMO · Demo Token',
    ])
  })

  it('narrows to the search and picks the first match when the pick is left out', () => {
    render(<Picker />)
    fireEvent.change(screen.getByTestId('pick-search'), { target: { value: 'demo' } })
    expect(options()).toEqual(['DEMO · Demo Token'])
    expect(screen.getByTestId('chosen').textContent).toBe(tokens[2]?.address)
    // A pasted address finds its token whatever its case.
    fireEvent.change(screen.getByTestId('pick-search'), {
      target: { value: '0x5fbdb2315678afecb367f032d93f642f64180aa3' },
    })
    expect(screen.getByTestId('chosen').textContent).toBe(tokens[1]?.address)
  })

  it('keeps the pick and says so when nothing matches', () => {
    render(<Picker />)
    fireEvent.change(screen.getByTestId('pick-search'), { target: { value: 'doge' } })
    expect(screen.getByTestId('pick-none').textContent).toBe('No token matches.')
    expect(options()).toEqual(['ETH · Ether'])
    expect(screen.getByTestId('chosen').textContent).toBe(tokens[0]?.address)
    expect(screen.getByTestId('pick-search').getAttribute('aria-describedby')).toBe(
      screen.getByTestId('pick-none').id,
    )
  })
})
