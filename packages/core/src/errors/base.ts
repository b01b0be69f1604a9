/**
 * Where an error comes from, for reports and analytics. Library errors default to
 * INTERNAL_SDK_ERROR (seed §8).
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
}

export class LatchError extends Error {
  override name = 'LatchError'
  readonly category: ErrorCategory

  constructor(message: string, options: LatchErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
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
