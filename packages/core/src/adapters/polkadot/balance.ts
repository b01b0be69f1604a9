// A Substrate account's balance, read from `System.Account`'s AccountData in either shape: today's
// runtimes (`free`, `reserved`, `frozen`, `flags`) and older ones such as the dev chain's
// Statemine 900 (`free`, `reserved`, `miscFrozen`, `feeFrozen`). Plain code: the adapter hands in
// the numbers it read.

export interface AccountDataFields {
  free: bigint
  reserved: bigint
  /** Today's runtimes: the most that locks and freezes hold of `free + reserved`. */
  frozen?: bigint | undefined
  /** Older runtimes: what may not pay anything but fees, and what may not pay fees. */
  miscFrozen?: bigint | undefined
  feeFrozen?: bigint | undefined
}

export interface PolkadotBalance {
  /** In planck (the smallest unit). */
  free: bigint
  reserved: bigint
  frozen: bigint
  /** What a transfer may move: `free` less what locks hold of it. */
  transferable: bigint
}

const max = (a: bigint, b: bigint) => (a > b ? a : b)

export function balanceOf(data: AccountDataFields): PolkadotBalance {
  const { free, reserved } = data
  if (data.frozen !== undefined) {
    // Since the fungible-traits Balances, reserved funds count towards what the freezes hold.
    const frozen = data.frozen
    return { free, reserved, frozen, transferable: max(free - max(frozen - reserved, 0n), 0n) }
  }
  const frozen = max(data.miscFrozen ?? 0n, data.feeFrozen ?? 0n)
  return { free, reserved, frozen, transferable: max(free - frozen, 0n) }
}

/** Planck as a decimal token string: (15_000_000_000n, 10) → "1.5". */
export function formatPlanck(value: bigint, decimals: number): string {
  const sign = value < 0n ? '-' : ''
  const abs = value < 0n ? -value : value
  const unit = 10n ** BigInt(decimals)
  const fraction = (abs % unit).toString().padStart(decimals, '0').replace(/0+$/, '')
  return `${sign}${abs / unit}${fraction ? `.${fraction}` : ''}`
}
