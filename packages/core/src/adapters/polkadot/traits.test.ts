import { describe, expect, it } from 'vitest'
import { polkadotTraits } from './traits.js'

describe('polkadotTraits', () => {
  it('takes SS58 accounts of any prefix and refuses other families and broken checksums', () => {
    expect(polkadotTraits.isAddress('5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY')).toBe(true)
    expect(polkadotTraits.isAddress('HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F')).toBe(true)
    expect(polkadotTraits.isAddress(' 15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5 ')).toBe(
      true,
    )
    expect(polkadotTraits.isAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(false)
    expect(polkadotTraits.isAddress('5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQZ')).toBe(false)
    expect(polkadotTraits.isAddress('')).toBe(false)
  })

  it('keeps the spelling (the chain knows the account by it) and trims', () => {
    expect(
      polkadotTraits.normalizeAddress(' HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F'),
    ).toBe('HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F')
    expect(polkadotTraits.signInMessage).toBe('caip122')
    expect(polkadotTraits.sendCosts?.(undefined)).toEqual([])
  })
})
