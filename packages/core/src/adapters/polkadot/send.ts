import { formatPlanck, type PolkadotBalance } from './balance.js'
import { PolkadotExistentialDepositError, PolkadotInsufficientBalanceError } from './errors.js'

export interface TransferCheck {
  value: bigint
  fee: bigint
  sender: PolkadotBalance
  /** The receiver's free balance now (0 for an account the chain does not know). */
  receiverFree: bigint
  existentialDeposit: bigint
  decimals: number
  symbol: string
}

/**
 * Refuses, before the wallet is asked, a `transferKeepAlive` the runtime would fail while still
 * charging its fee: more than the account can move; the sender left below the existential
 * deposit (`balances.KeepAlive`); or a new receiver given less than it (`ExistentialDeposit`).
 */
export function checkTransfer(check: TransferCheck): void {
  const { value, fee, sender, existentialDeposit: ed } = check
  const display = `${formatPlanck(ed, check.decimals)} ${check.symbol}`
  if (value > sender.transferable) throw new PolkadotInsufficientBalanceError()
  // What stays after the amount and the fee: below the deposit the account would be reaped.
  if (sender.free - value - fee < ed)
    throw new PolkadotExistentialDepositError(ed, 'sender', display)
  if (check.receiverFree + value < ed)
    throw new PolkadotExistentialDepositError(ed, 'receiver', display)
}
