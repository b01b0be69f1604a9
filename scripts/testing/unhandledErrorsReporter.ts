/**
 * A Vitest reporter that writes the run's unhandled errors (an uncaught exception, a rejection no
 * test awaited) to a JSON file, which Vitest's JSON report leaves out. They fail the run, and
 * `npm test` names them with the failed tests (failures.ts): stop 45's CI failed on one, and its
 * log's tail said only "1 failed". The file is `LATCH_UNHANDLED_ERRORS_FILE`.
 */
import { writeFileSync } from 'node:fs'
import type { Reporter } from 'vitest/node'

type SerializedError = Parameters<NonNullable<Reporter['onTestRunEnd']>>[1][number]

export interface UnhandledError {
  message: string
  /** The test file that was running, when Vitest knows it. */
  file?: string
  /** The test that was running, when Vitest knows it. */
  test?: string
  stack?: string
}

export function toUnhandledError(error: SerializedError): UnhandledError {
  const file = error.VITEST_TEST_PATH
  const test = error.VITEST_TEST_NAME
  return {
    message: `${error.name ?? 'Error'}: ${error.message}`,
    ...(typeof file === 'string' ? { file } : {}),
    ...(typeof test === 'string' ? { test } : {}),
    ...(error.stack ? { stack: error.stack } : {}),
  }
}

export default class UnhandledErrorsReporter implements Reporter {
  onTestRunEnd(_modules: unknown, unhandledErrors: ReadonlyArray<SerializedError>) {
    const file = process.env.LATCH_UNHANDLED_ERRORS_FILE
    if (file) writeFileSync(file, JSON.stringify(unhandledErrors.map(toUnhandledError), null, 2))
  }
}
