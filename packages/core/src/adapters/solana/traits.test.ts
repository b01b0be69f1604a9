import { describe, expect, it } from 'vitest'
import { solanaTraits } from './traits.js'

describe('solanaTraits', () => {
  it('takes base58 keys, case kept, and signs in with CAIP-122', () => {
    const key = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
    expect(solanaTraits.isAddress(key)).toBe(true)
    expect(solanaTraits.isAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(false)
    expect(solanaTraits.normalizeAddress(key)).toBe(key)
    expect(solanaTraits.signInMessage).toBe('caip122')
  })

  it('shows the rent of a token account the send opens, and nothing when it opens none', () => {
    expect(solanaTraits.sendCosts?.({ rent: 2_039_280n })).toEqual([
      { label: 'rent', amount: 2_039_280n },
    ])
    expect(solanaTraits.sendCosts?.({ rent: 0n })).toEqual([])
    expect(solanaTraits.sendCosts?.(undefined)).toEqual([])
  })
})
