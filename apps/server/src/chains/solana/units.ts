/** The token programs whose accounts a wallet holds: SPL Token and Token-2022. */
export const TOKEN_PROGRAMS = [
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
] as const

/** An amount in a token's smallest unit as a decimal string in whole units ("1.5"). */
export function decimal(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString()
  const scale = 10n ** BigInt(decimals)
  const fraction = (amount % scale).toString().padStart(decimals, '0').replace(/0+$/, '')
  return fraction ? `${amount / scale}.${fraction}` : `${amount / scale}`
}
