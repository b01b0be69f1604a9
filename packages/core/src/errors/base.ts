/**
 * Where an error comes from, for reports and analytics. Library errors default to
 * INTERNAL_SDK_ERROR (docs/behaviour.md#errors).
 */
export type ErrorCategory =
  | 'INTERNAL_SDK_ERROR'
  | 'API_ERROR'
  | 'RPC_ERROR'
  | 'USER_REJECTED'
  | 'SECURE_SITE_ERROR'

export interface LatchErrorOptions {
  category?: ErrorCategory | undefined
  cause?: unknown
  /** What went wrong underneath, for developers; defaults to the cause's own message. */
  details?: string | undefined
}

function detailsOf(cause: unknown): string {
  if (cause instanceof LatchError) return cause.details || cause.shortMessage
  // viem's errors keep the underlying reason apart from their long, formatted message.
  const viemDetails = (cause as { details?: unknown } | null)?.details
  if (cause instanceof Error && typeof viemDetails === 'string' && viemDetails) return viemDetails
  if (cause instanceof Error) return cause.message
  if (typeof cause === 'string') return cause
  return ''
}

/**
 * The one base of every error Latch throws, in core, React and the frame. `message` and
 * `shortMessage` are the short, human sentence a view may show (the catalogue's wording, so the
 * message stays free of details); `details` says what happened underneath.
 */
export class LatchError extends Error {
  override name = 'LatchError'
  readonly category: ErrorCategory
  readonly shortMessage: string
  readonly details: string

  constructor(shortMessage: string, options: LatchErrorOptions = {}) {
    super(shortMessage, options.cause === undefined ? undefined : { cause: options.cause })
    this.shortMessage = shortMessage
    this.details = options.details ?? detailsOf(options.cause)
    this.category = options.category ?? 'INTERNAL_SDK_ERROR'
  }
}

/** Keeps a LatchError as is; wraps anything else, keeping its message and the original as cause. */
export function toLatchError(error: unknown, category?: ErrorCategory): LatchError {
  if (error instanceof LatchError) return error
  const message =
    error instanceof Error ? error.message : typeof error === 'string' ? error : 'Unknown error'
  return new LatchError(message, { category, cause: error })
}
