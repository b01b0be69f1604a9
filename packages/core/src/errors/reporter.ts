import { type ErrorCategory, type LatchError, toLatchError } from './base.js'

export interface ErrorReport {
  error: LatchError
  category: ErrorCategory
  /** The class name, e.g. 'ChainAdapterNotFoundError' (POST /e props.errorType). */
  errorType: string
  message: string
  stackTrace: string | undefined
}

export type ErrorReporter = (report: ErrorReport) => void

/** Seed §9: at most 5 error reports per 60 seconds. */
export const ERROR_REPORT_LIMIT = 5
export const ERROR_REPORT_WINDOW_MS = 60_000

let reporter: ErrorReporter | undefined
let sentAt: number[] = []

/**
 * Installs the one hook that receives library errors (the React layer posts them to `POST /e`).
 * Pass undefined to stop reporting.
 */
export function setErrorReporter(next: ErrorReporter | undefined): void {
  reporter = next
  sentAt = []
}

/** Wraps the error as a LatchError and hands it to the reporter, within the rate limit. */
export function reportError(error: unknown, category?: ErrorCategory): LatchError {
  const latchError = toLatchError(error, category)
  if (!reporter) return latchError
  const now = Date.now()
  sentAt = sentAt.filter((time) => now - time < ERROR_REPORT_WINDOW_MS)
  if (sentAt.length >= ERROR_REPORT_LIMIT) return latchError
  sentAt.push(now)
  try {
    reporter({
      error: latchError,
      category: latchError.category,
      errorType: latchError.name,
      message: latchError.message,
      stackTrace: latchError.stack,
    })
  } catch {
    // A failing reporter must never hide the error it was told about.
  }
  return latchError
}

/** Runs `fn`; a thrown error (sync or async) is reported and rethrown as a LatchError. */
export function withErrorReport<result>(fn: () => result, category?: ErrorCategory): result {
  let result: result
  try {
    result = fn()
  } catch (error) {
    throw reportError(error, category)
  }
  if (result instanceof Promise)
    return result.catch((error: unknown) => {
      throw reportError(error, category)
    }) as result
  return result
}
