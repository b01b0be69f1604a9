import { describe, expect, it } from 'vitest'
import { accountData } from './balances.js'
import { units } from './history.js'

const data = (fields: Record<string, bigint>) =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, { toString: () => String(v) }]))

describe('accountData', () => {
  it("reads today's layout: frozen may overlap reserved, only the excess locks free", () => {
    expect(accountData(data({ free: 100n, reserved: 30n, frozen: 50n, flags: 0n }))).toEqual({
      free: 100n,
      reserved: 30n,
      frozen: 20n,
    })
    expect(accountData(data({ free: 100n, reserved: 60n, frozen: 50n }))).toMatchObject({
      frozen: 0n,
    })
    expect(accountData(data({ free: 10n, reserved: 0n, frozen: 50n }))).toMatchObject({
      frozen: 10n,
    })
  })

  it("reads older runtimes' miscFrozen/feeFrozen (the dev chain's), which apply to free alone", () => {
    expect(
      accountData(data({ free: 100n, reserved: 30n, miscFrozen: 40n, feeFrozen: 25n })),
    ).toEqual({
      free: 100n,
      reserved: 30n,
      frozen: 40n,
    })
  })
})

describe('units', () => {
  it('writes planck in whole units without trailing zeros', () => {
    expect(units('1234000000000', 12)).toBe('1.234')
    expect(units('1', 12)).toBe('0.000000000001')
    expect(units('3000000000000', 12)).toBe('3')
    expect(units('0', 10)).toBe('0')
    expect(units(-5n, 1)).toBe('-0.5')
    expect(units('340282366920938463463374607431768211455', 12)).toBe(
      '340282366920938463463374607.431768211455',
    )
  })
})
