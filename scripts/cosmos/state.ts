/**
 * The application state the dev node keeps: x/auth accounts (number, sequence, public key) and
 * x/bank balances, with the events SDK 0.50's bank keeper emits for a send. Branches stand in
 * for the SDK's cache-wrapped stores: a failed message's writes are dropped, the ante's kept.
 */
import { moduleAddress } from './address.js'
import { sdkError } from './errors.js'
import type { AbciEvent } from './events.js'
import { event } from './events.js'

export interface Coin {
  denom: string
  amount: bigint
}

export interface Account {
  address: string
  accountNumber: bigint
  sequence: bigint
  /** Compressed secp256k1 key, set by the account's first transaction. */
  pubKey?: Uint8Array
  /** Module accounts (fee_collector) carry their name. */
  moduleName?: string
}

const DENOM = /^[a-zA-Z][a-zA-Z0-9/:._-]{2,127}$/

/** Coins as `sdk.Coins.String()` prints them: "100ulatch,5000ustake" (sorted by denom). */
export function coinsString(coins: Coin[]): string {
  return sortCoins(coins)
    .map((c) => `${c.amount}${c.denom}`)
    .join(',')
}

export function sortCoins(coins: Coin[]): Coin[] {
  return [...coins].sort((a, b) => (a.denom < b.denom ? -1 : a.denom > b.denom ? 1 : 0))
}

/** `Coins.Validate`: sorted, no duplicates, valid denoms, positive amounts. */
export function validateCoins(coins: Coin[]): void {
  let previous = ''
  for (const coin of coins) {
    if (!DENOM.test(coin.denom)) throw sdkError('invalidCoins', `invalid denom: ${coin.denom}`)
    if (coin.amount <= 0n) throw sdkError('invalidCoins', coinsString(coins))
    if (previous && coin.denom <= previous)
      throw sdkError('invalidCoins', `denomination ${coin.denom} is not sorted or duplicated`)
    previous = coin.denom
  }
}

export class ChainState {
  readonly accounts = new Map<string, Account>()
  readonly balances = new Map<string, Map<string, bigint>>()
  nextAccountNumber = 0n
  readonly feeCollector: string

  constructor(
    readonly prefix: string,
    feeCollector?: string,
  ) {
    this.feeCollector = feeCollector ?? moduleAddress('fee_collector', prefix)
  }

  /** A copy to run a transaction or a message on; `adopt` keeps its writes. */
  branch(): ChainState {
    const copy = new ChainState(this.prefix, this.feeCollector)
    for (const [k, v] of this.accounts) copy.accounts.set(k, { ...v })
    for (const [k, v] of this.balances) copy.balances.set(k, new Map(v))
    copy.nextAccountNumber = this.nextAccountNumber
    return copy
  }

  adopt(branch: ChainState): void {
    this.accounts.clear()
    this.balances.clear()
    for (const [k, v] of branch.accounts) this.accounts.set(k, v)
    for (const [k, v] of branch.balances) this.balances.set(k, v)
    this.nextAccountNumber = branch.nextAccountNumber
  }

  account(address: string): Account | undefined {
    return this.accounts.get(address)
  }

  /** `NewAccountWithAddress` + `SetAccount`: the next account number, sequence 0. */
  createAccount(address: string, moduleName?: string): Account {
    const existing = this.accounts.get(address)
    if (existing) return existing
    const account: Account = {
      address,
      accountNumber: this.nextAccountNumber++,
      sequence: 0n,
      moduleName,
    }
    this.accounts.set(address, account)
    return account
  }

  balance(address: string, denom: string): bigint {
    return this.balances.get(address)?.get(denom) ?? 0n
  }

  /** Every non-zero balance, sorted by denom, as `AllBalances` answers. */
  allBalances(address: string): Coin[] {
    const held = this.balances.get(address)
    if (!held) return []
    return sortCoins(
      [...held].filter(([, amount]) => amount > 0n).map(([denom, amount]) => ({ denom, amount })),
    )
  }

  supply(): Coin[] {
    const totals = new Map<string, bigint>()
    for (const held of this.balances.values())
      for (const [denom, amount] of held) totals.set(denom, (totals.get(denom) ?? 0n) + amount)
    return sortCoins([...totals].map(([denom, amount]) => ({ denom, amount })))
  }

  /** Genesis only: coins out of nowhere, as the bank genesis' balances. */
  mint(address: string, coins: Coin[]): void {
    this.createAccount(address)
    for (const coin of coins) this.add(address, coin)
  }

  /**
   * `SendCoins`: takes from `from` (all or nothing), creates `to` if new, and emits
   * coin_spent, coin_received, transfer and message{sender} as bank 0.50 does.
   */
  send(from: string, to: string, coins: Coin[], events: AbciEvent[]): void {
    const amount = coinsString(coins)
    for (const coin of coins) {
      if (this.balance(from, coin.denom) < coin.amount) {
        const spendable = `${this.balance(from, coin.denom)}${coin.denom}`
        throw sdkError(
          'insufficientFunds',
          `spendable balance ${spendable} is smaller than ${coinsString([coin])}`,
        )
      }
    }
    for (const coin of coins) this.add(from, { denom: coin.denom, amount: -coin.amount })
    events.push(event('coin_spent', { spender: from, amount }))
    if (!this.accounts.has(to)) this.createAccount(to)
    for (const coin of coins) this.add(to, coin)
    events.push(event('coin_received', { receiver: to, amount }))
    events.push(event('transfer', { recipient: to, sender: from, amount }))
    events.push(event('message', { sender: from }))
  }

  private add(address: string, coin: Coin): void {
    let held = this.balances.get(address)
    if (!held) {
      held = new Map()
      this.balances.set(address, held)
    }
    const next = (held.get(coin.denom) ?? 0n) + coin.amount
    if (next === 0n) held.delete(coin.denom)
    else held.set(coin.denom, next)
  }
}
