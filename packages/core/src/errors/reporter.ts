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

/** docs/behaviour.md#limits: at most 5 error reports per 60 seconds. */
export const ERROR_REPORT_LIMIT = 5
export const ERROR_REPORT_WINDOW_MS = 60_000

/**
 * One page's error reporting: the hook that receives library errors and its rate limit. Each
 * controller owns one, so two Latch instances on a page (or two tests) never share a hook.
 */
export interface ErrorReporting {
  /** Installs the hook (the React layer posts reports to `POST /e`); undefined stops reporting. */
  setReporter(next: ErrorReporter | undefined): void
  /** Wraps the error as a LatchError and hands it to the hook, within the rate limit. */
  report(error: unknown, category?: ErrorCategory): LatchError
}

export function createErrorReporting(reporter?: ErrorReporter): ErrorReporting {
  let hook = reporter
  let sentAt: number[] = []

  return {
    setReporter(next) {
      hook = next
      sentAt = []
    },
    report(error, category) {
      const latchError = toLatchError(error, category)
      if (!hook) return latchError
      const now = Date.now()
      sentAt = sentAt.filter((time) => now - time < ERROR_REPORT_WINDOW_MS)
      if (sentAt.length >= ERROR_REPORT_LIMIT) return latchError
      sentAt.push(now)
      try {
        hook({
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
    },
  }
}

/**
 * Runs `fn`; a thrown error (sync or async) is reported to `reporting` and rethrown as a
 * LatchError.
 */
export function withErrorReport<result>(
  reporting: ErrorReporting,
  fn: () => result,
  category?: ErrorCategory,
): result {
  let result: result
  try {
    result = fn()
  } catch (error) {
    throw reporting.report(error, category)
  }
  if (result instanceof Promise)
    return result.catch((error: unknown) => {
      throw reporting.report(error, category)
    }) as result
  return result
}
