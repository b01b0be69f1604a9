import { describe, expect, it } from 'vitest'
import { balanceOf } from './balance.js'
import { PolkadotExistentialDepositError, PolkadotInsufficientBalanceError } from './errors.js'
import { checkTransfer } from './send.js'

const ED = 1_000n
const base = {
  fee: 50n,
  sender: balanceOf({ free: 10_000n, reserved: 0n }),
  receiverFree: 0n,
  existentialDeposit: ED,
  decimals: 3,
  symbol: 'ROC',
}

describe('checkTransfer', () => {
  it('lets through a transfer that keeps the sender at the deposit exactly', () => {
    expect(() => checkTransfer({ ...base, value: 10_000n - 50n - ED })).not.toThrow()
  })

  it('refuses a sender left one planck below the existential deposit, naming it', () => {
    const attempt = () => checkTransfer({ ...base, value: 10_000n - 50n - ED + 1n })
    expect(attempt).toThrow(PolkadotExistentialDepositError)
    expect(attempt).toThrow('at least the existential deposit (1 ROC)')
  })

  it('refuses sending the whole balance (the fee and the deposit must stay)', () => {
    expect(() => checkTransfer({ ...base, value: 10_000n })).toThrow(
      PolkadotExistentialDepositError,
    )
  })

  it('refuses more than the account can move, locks included', () => {
    const sender = balanceOf({ free: 10_000n, reserved: 0n, miscFrozen: 5_000n })
    expect(() => checkTransfer({ ...base, sender, value: 6_000n })).toThrow(
      PolkadotInsufficientBalanceError,
    )
  })

  it('refuses giving a new account less than the deposit, not an existing one', () => {
    const attempt = () => checkTransfer({ ...base, value: 999n })
    expect(attempt).toThrow(PolkadotExistentialDepositError)
    expect(attempt).toThrow('receiver would hold less')
    expect(() => checkTransfer({ ...base, value: 999n, receiverFree: 1n })).not.toThrow()
  })
})
