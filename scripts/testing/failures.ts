/**
 * The failed test cases of an `npm test` run, read from the runners' JSON reports and printed
 * last: CI keeps only the tail of a run's output, so a failure must be named there, with the
 * first lines of its error, or nobody learns which test broke (stop 45's CI: "1 failed", no name).
 */
import path from 'node:path'
import { type PlaywrightSuite, playwrightSpecs } from './reports.js'
import type { UnhandledError } from './unhandledErrorsReporter.js'

export interface FailedTest {
  step: string
  /** The file, relative to the repository root. */
  file: string
  /** The test's name; empty for a failure outside any test (a file that did not load, a hook). */
  name: string
  message: string
  /** Playwright only: the test failed, then passed on a retry. */
  flaky?: boolean
}

interface VitestReport {
  testResults: Array<{
    name: string
    status?: string
    message?: string
    assertionResults: Array<{ fullName: string; status: string; failureMessages?: string[] }>
  }>
}

export function vitestFailures(step: string, report: VitestReport, root: string): FailedTest[] {
  return report.testResults.flatMap((file) => {
    const failed = file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => ({
        step,
        file: path.relative(root, file.name),
        name: test.fullName,
        message: test.failureMessages?.join('\n') ?? '',
      }))
    // A file can fail with every test passed: an afterAll hook threw, or it never loaded.
    if (failed.length === 0 && file.status === 'failed')
      failed.push({
        step,
        file: path.relative(root, file.name),
        name: '',
        message: file.message ?? '',
      })
    return failed
  })
}

/** Errors no test caught (unhandledErrorsReporter.ts), named by the file that was running. */
export function unhandledFailures(
  step: string,
  errors: readonly UnhandledError[],
  root: string,
): FailedTest[] {
  return errors.map((error) => ({
    step,
    file: error.file ? path.relative(root, error.file) : '(unknown file)',
    name: `unhandled error${error.test ? ` during "${error.test}"` : ''}`,
    message: [error.message, ...(error.stack?.split('\n').slice(1) ?? [])].join('\n'),
  }))
}

/** Failed and flaky tests; a flaky one passed on a retry, and its first error is what it hit. */
export function playwrightFailures(step: string, report: { suites: PlaywrightSuite[] }) {
  return playwrightSpecs(report).flatMap((spec) =>
    spec.tests
      .filter((test) => test.status === 'unexpected' || test.status === 'flaky')
      .map(
        (test): FailedTest => ({
          step,
          file: spec.file,
          name: spec.name,
          message: test.results.find((r) => r.error?.message)?.error?.message ?? '',
          flaky: test.status === 'flaky',
        }),
      ),
  )
}

// Terminal colours in Playwright's messages would print as escape codes in a CI log.
const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g')

/** Each failure: a header line, then its message's first lines, indented and cut to width. */
export function formatFailures(failures: FailedTest[], lines = 6): string[] {
  return failures.flatMap((f) => {
    const header = `${f.flaky ? 'FLAKY' : 'FAIL '}  ${f.step.padEnd(11)}  ${f.file}  ${f.name || '(outside any test)'}`
    const body = f.message
      .replace(ansi, '')
      .split('\n')
      .map((line) => line.trimEnd())
      .filter((line) => line.trim() !== '')
      .slice(0, lines)
      .map((line) => `         ${line.length > 150 ? `${line.slice(0, 149)}…` : line}`)
    return [header, ...body]
  })
}
