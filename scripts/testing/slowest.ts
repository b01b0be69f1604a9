/**
 * The slowest test cases of an `npm test` run, read from the runners' JSON reports, so every run
 * says where its time went (issue 30: the suite stays under 20 minutes as the kit grows).
 */
import path from 'node:path'
import { type PlaywrightSuite, playwrightSpecs } from './reports.js'

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

/** Each spec's time; a retried test counts every attempt. */
export function playwrightTimes(step: string, report: { suites: PlaywrightSuite[] }): TimedTest[] {
  return playwrightSpecs(report).map((spec) => ({
    step,
    file: spec.file,
    name: spec.name,
    seconds:
      spec.tests.flatMap((test) => test.results).reduce((sum, r) => sum + (r.duration ?? 0), 0) /
      1000,
  }))
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
