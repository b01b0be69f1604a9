/**
 * The runners' JSON reports as `npm test` reads them after each step: for the slowest tests
 * (slowest.ts) and the failed ones (failures.ts).
 */
import { readFileSync } from 'node:fs'

export interface PlaywrightTest {
  /** 'expected', 'unexpected', 'flaky' or 'skipped'. */
  status?: string
  /** One per attempt: a retried test has several. */
  results: Array<{ duration?: number; error?: { message?: string } }>
}

export interface PlaywrightSuite {
  title: string
  file?: string
  specs?: Array<{ title: string; file?: string; tests: PlaywrightTest[] }>
  suites?: PlaywrightSuite[]
}

export interface PlaywrightSpec {
  /** The spec's file, relative to the repository root. */
  file: string
  /** Its describe blocks' titles and its own, joined by ' › '. */
  name: string
  tests: PlaywrightTest[]
}

/** Every spec of a Playwright report: suites are files, then describe blocks. */
export function playwrightSpecs(report: { suites: PlaywrightSuite[] }): PlaywrightSpec[] {
  const out: PlaywrightSpec[] = []
  const walk = (suite: PlaywrightSuite, file: string, titles: string[]) => {
    for (const spec of suite.specs ?? [])
      out.push({
        file: `e2e/tests/${spec.file ?? file}`,
        name: [...titles, spec.title].join(' › '),
        tests: spec.tests,
      })
    for (const child of suite.suites ?? []) walk(child, file, [...titles, child.title])
  }
  for (const suite of report.suites) walk(suite, suite.file ?? suite.title, [])
  return out
}

/** Reads a report file, or nothing when the step did not write one (it failed to start). */
export function readReport<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T
  } catch {
    return undefined
  }
}
