/**
 * The slowest test cases of an `npm test` run, read from the runners' JSON reports, so every run
 * says where its time went (issue 30: the suite stays under 20 minutes as the kit grows).
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'

export interface TimedTest {
  step: string
  /** The file, relative to the repository root. */
  file: string
  name: string
  seconds: number
}

interface VitestReport {
  testResults: Array<{
    name: string
    assertionResults: Array<{ fullName: string; duration?: number | null }>
  }>
}

interface PlaywrightSuite {
  title: string
  file?: string
  specs?: Array<{
    title: string
    file?: string
    tests: Array<{ results: Array<{ duration: number }> }>
  }>
  suites?: PlaywrightSuite[]
}

export function vitestTimes(step: string, report: VitestReport, root: string): TimedTest[] {
  return report.testResults.flatMap((file) =>
    file.assertionResults.map((test) => ({
      step,
      file: path.relative(root, file.name),
      name: test.fullName,
      seconds: (test.duration ?? 0) / 1000,
    })),
  )
}

/** Playwright reports suites by file, then describe blocks; a retried test counts every attempt. */
export function playwrightTimes(step: string, report: { suites: PlaywrightSuite[] }): TimedTest[] {
  const out: TimedTest[] = []
  const walk = (suite: PlaywrightSuite, file: string, titles: string[]) => {
    for (const spec of suite.specs ?? [])
      out.push({
        step,
        file: `e2e/tests/${spec.file ?? file}`,
        name: [...titles, spec.title].join(' › '),
        seconds:
          spec.tests.flatMap((test) => test.results).reduce((sum, r) => sum + r.duration, 0) / 1000,
      })
    for (const child of suite.suites ?? []) walk(child, file, [...titles, child.title])
  }
  for (const suite of report.suites) walk(suite, suite.file ?? suite.title, [])
  return out
}

export function slowest(tests: TimedTest[], count = 10): TimedTest[] {
  return [...tests].sort((a, b) => b.seconds - a.seconds).slice(0, count)
}

/** One line per test: seconds, step, file and name, the name cut to keep a line readable. */
export function formatSlowest(tests: TimedTest[]): string[] {
  return tests.map((t) => {
    const name = t.name.length > 70 ? `${t.name.slice(0, 69)}…` : t.name
    return `${t.seconds.toFixed(1).padStart(7)} s  ${t.step.padEnd(11)}  ${t.file}  ${name}`
  })
}

/** Reads a report file, or nothing when the step did not write one (it failed to start). */
export function readReport<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T
  } catch {
    return undefined
  }
}
