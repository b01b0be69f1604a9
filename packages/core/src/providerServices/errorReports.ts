import type { ApiClient } from '../api/client.js'
import { type ErrorCategory, toLatchError } from '../errors/base.js'
import {
  ERROR_REPORT_LIMIT,
  ERROR_REPORT_WINDOW_MS,
  type ErrorReporter,
} from '../errors/reporter.js'
import { newEventId, pageInfo } from './page.js'
import { createRateLimiter } from './rateLimit.js'

export interface ErrorReportClientOptions {
  api: Pick<ApiClient, 'postEvent'>
  enabled?: boolean | undefined
  limit?: number | undefined
  windowMs?: number | undefined
  now?: (() => number) | undefined
}

/**
 * Posts error reports to `POST /e`, at most 5 per 60 s (docs/behaviour.md#limits), and can be switched off;
 * reporting is on by default.
 */
export function createErrorReportClient(options: ErrorReportClientOptions) {
  let enabled = options.enabled ?? true
  const now = options.now ?? Date.now
  const limiter = createRateLimiter({
    limit: options.limit ?? ERROR_REPORT_LIMIT,
    windowMs: options.windowMs ?? ERROR_REPORT_WINDOW_MS,
    now,
  })

  /** Returns true when a report was sent; never throws. */
  async function report(error: unknown, category?: ErrorCategory): Promise<boolean> {
    if (!enabled || !limiter.tryAcquire()) return false
    const latchError = toLatchError(error, category)
    try {
      await options.api.postEvent({
        eventId: newEventId(),
        ...pageInfo(),
        timestamp: new Date(now()).toISOString(),
        props: {
          type: 'error',
          event: latchError.category,
          errorType: latchError.name,
          errorMessage: latchError.message,
          ...(latchError.stack ? { stackTrace: latchError.stack } : {}),
        },
      })
      return true
    } catch {
      return false
    }
  }

  return {
    report,
    setEnabled(value: boolean): void {
      enabled = value
    },
    isEnabled: () => enabled,
    /** For a controller's `errors.setReporter`. */
    reporter: ((r) => {
      void report(r.error, r.category)
    }) satisfies ErrorReporter as ErrorReporter,
  }
}

export type ErrorReportClient = ReturnType<typeof createErrorReportClient>
