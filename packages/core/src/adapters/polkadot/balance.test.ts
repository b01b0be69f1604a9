import { describe, expect, it } from 'vitest'
import { balanceOf, formatPlanck } from './balance.js'

describe('balanceOf', () => {
  it("reads an old runtime's AccountData: the larger frozen field holds free funds", () => {
    expect(balanceOf({ free: 100n, reserved: 7n, miscFrozen: 30n, feeFrozen: 20n })).toEqual({
      free: 100n,
      reserved: 7n,
      frozen: 30n,
      transferable: 70n,
    })
  })

  it("reads today's AccountData: reserved funds count towards the freeze", () => {
    expect(balanceOf({ free: 100n, reserved: 20n, frozen: 30n }).transferable).toBe(90n)
    expect(balanceOf({ free: 100n, reserved: 50n, frozen: 30n }).transferable).toBe(100n)
    expect(balanceOf({ free: 10n, reserved: 0n, frozen: 30n }).transferable).toBe(0n)
  })
})

describe('formatPlanck', () => {
  it('writes planck as the token a person reads', () => {
    expect(formatPlanck(15_000_000_000n, 10)).toBe('1.5')
    expect(formatPlanck(1n, 12)).toBe('0.000000000001')
    expect(formatPlanck(1_000_000_000_000_000n, 12)).toBe('1000')
    expect(formatPlanck(-5n, 1)).toBe('-0.5')
    expect(formatPlanck(0n, 12)).toBe('0')
  })
})
