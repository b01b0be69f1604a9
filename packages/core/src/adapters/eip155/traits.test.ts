import { describe, expect, it } from 'vitest'
import { eip155Traits } from './traits.js'

describe('eip155Traits', () => {
  it('takes hex addresses, refusing a mixed-case one with a bad checksum', () => {
    expect(eip155Traits.isAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(true)
    expect(eip155Traits.isAddress('0x70997970c51812dc3a010c7d01b50e0d17dc79c8')).toBe(true)
    expect(eip155Traits.isAddress('0x70997970C51812DC3A010C7d01b50e0d17dc79C8')).toBe(false)
    expect(eip155Traits.isAddress('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')).toBe(false)
  })

  it('compares addresses lower-cased and signs in with EIP-4361', () => {
    expect(eip155Traits.normalizeAddress('0xAbC')).toBe('0xabc')
    expect(eip155Traits.signInMessage).toBe('eip4361')
  })
})
