import { describe, expect, it } from 'vitest'
import { formatAvailable } from './availableAmount.js'

describe('formatAvailable', () => {
  it('shows an 18-decimal balance with 3 decimals', () => {
    expect(formatAvailable('10002.478876032263085746')).toBe('10,002.478')
  })

  it('rounds down, so the line never overstates the balance', () => {
    expect(formatAvailable('0.9996')).toBe('0.999')
    expect(formatAvailable('1.23999999999999999999')).toBe('1.239')
  })

  it('trims trailing zeros', () => {
    expect(formatAvailable('2.500000000000000000')).toBe('2.5')
    expect(formatAvailable('3.000')).toBe('3')
    expect(formatAvailable('7')).toBe('7')
  })

  it('says a dust balance is below the smallest shown step, and zero is zero', () => {
    expect(formatAvailable('0.000400000000000000')).toBe('<0.001')
    expect(formatAvailable('0')).toBe('0')
    expect(formatAvailable('0.000000000000000000')).toBe('0')
  })
})
