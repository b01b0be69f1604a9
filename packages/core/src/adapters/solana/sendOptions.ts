// The options every Solana send carries, apart from adapter.ts: wallets.ts hands them to the
// wallet and the adapter imports wallets.ts.

/** The commitments a Solana RPC accepts for preflight (the last five are older names). */
export const PREFLIGHT_COMMITMENTS = [
  'processed',
  'confirmed',
  'finalized',
  'recent',
  'single',
  'singleGossip',
  'root',
  'max',
] as const

/** Options for every send, handed to the wallet's `signAndSendTransaction` (seed §5). */
export interface SolanaSendOptions {
  skipPreflight?: boolean | undefined
  preflightCommitment?: (typeof PREFLIGHT_COMMITMENTS)[number] | undefined
  maxRetries?: number | undefined
  minContextSlot?: number | undefined
}

export class SolanaSendOptionsError extends Error {
  override name = 'SolanaSendOptionsError'
}

/** The options as given, once each is one a Solana RPC accepts. */
export function checkSendOptions(
  options: SolanaSendOptions | undefined,
): SolanaSendOptions | undefined {
  if (!options) return undefined
  const { preflightCommitment, maxRetries, minContextSlot } = options
  if (preflightCommitment !== undefined && !PREFLIGHT_COMMITMENTS.includes(preflightCommitment))
    throw new SolanaSendOptionsError(
      `preflightCommitment must be one of ${PREFLIGHT_COMMITMENTS.join(', ')}; got "${String(preflightCommitment)}"`,
    )
  for (const [name, value] of [
    ['maxRetries', maxRetries],
    ['minContextSlot', minContextSlot],
  ] as const)
    if (value !== undefined && !(Number.isSafeInteger(value) && value >= 0))
      throw new SolanaSendOptionsError(`${name} must be a whole number of 0 or more; got ${value}`)
  return options
}
