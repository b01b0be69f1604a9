/**
 * `npm test`: typecheck, lint, unit, integration and end-to-end tests, in that order.
 * Every step runs even when an earlier one fails, so one run shows every problem;
 * the last line is the plain 'N passed, N failed' count over all test cases.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureBrowser } from './stack/browser.js'
import {
  type FailedTest,
  formatFailures,
  playwrightFailures,
  unhandledFailures,
  vitestFailures,
} from './testing/failures.js'
import { readReport } from './testing/reports.js'
import {
  formatSlowest,
  playwrightTimes,
  slowest,
  type TimedTest,
  vitestTimes,
} from './testing/slowest.js'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const reports = path.join(root, '.data', 'test-reports')
rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })

const workspaces = [
  'packages/core',
  'packages/react',
  'packages/frame',
  'apps/server',
  'apps/web',
  'scripts',
  'e2e',
]

interface Step {
  name: string
  command: string[]
  env?: Record<string, string>
  /** Runs first; a message means the step cannot run, and counts as one failure. */
  prepare?: () => { env?: Record<string, string>; error?: string }
  /** Reads passed/failed test counts from the step's report, when it has one. */
  counts?: () => { passed: number; failed: number; skipped: number }
  /** Each test's time, from the same report. */
  times?: () => TimedTest[]
  /** The failed tests and their errors, from the same report. */
  failures?: () => FailedTest[]
}

function vitestCounts(file: string) {
  return () => {
    const report = JSON.parse(readFileSync(file, 'utf8')) as {
      numPassedTests: number
      numFailedTests: number
      numPendingTests: number
      numTodoTests: number
    }
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + report.numTodoTests,
    }
  }
}

function playwrightCounts(file: string) {
  return () => {
    const report = JSON.parse(readFileSync(file, 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number; skipped: number }
    }
    return {
      passed: report.stats.expected + report.stats.flaky,
      failed: report.stats.unexpected,
      skipped: report.stats.skipped,
    }
  }
}

const vitest = (project: string[], name: string): Step => {
  const file = path.join(reports, `${name}.json`)
  const unhandled = path.join(reports, `${name}-unhandled.json`)
  return {
    name,
    command: [
      'npx',
      'vitest',
      'run',
      ...project.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
      '--reporter=./scripts/testing/unhandledErrorsReporter.ts',
    ],
    env: { LATCH_UNHANDLED_ERRORS_FILE: unhandled },
    counts: vitestCounts(file),
    times: () => {
      const report = readReport<Parameters<typeof vitestTimes>[1]>(file)
      return report ? vitestTimes(name, report, root) : []
    },
    failures: () => {
      const report = readReport<Parameters<typeof vitestFailures>[1]>(file)
      const errors = readReport<Parameters<typeof unhandledFailures>[1]>(unhandled) ?? []
      return [
        ...(report ? vitestFailures(name, report, root) : []),
        ...unhandledFailures(name, errors, root),
      ]
    },
  }
}

const e2eReport = path.join(root, 'e2e', 'artifacts', 'report.json')
const steps: Step[] = [
  { name: 'typecheck', command: ['npx', 'tsx', 'scripts/typecheck.ts', ...workspaces] },
  { name: 'lint', command: ['npx', 'tsx', 'scripts/lint/run.ts'] },
  vitest(['unit', 'unit-dom'], 'unit'),
  vitest(['integration'], 'integration'),
  {
    name: 'e2e',
    command: ['npx', 'playwright', 'test', '--config', 'e2e/playwright.config.ts'],
    env: { CI: 'true' },
    // A fresh machine has no browser: install the system one when allowed, else say how.
    prepare: () => {
      const browser = ensureBrowser()
      return browser.ok ? { env: { CHROMIUM_PATH: browser.path } } : { error: browser.message }
    },
    counts: playwrightCounts(e2eReport),
    times: () => {
      const report = readReport<Parameters<typeof playwrightTimes>[1]>(e2eReport)
      return report ? playwrightTimes('e2e', report) : []
    },
    failures: () => {
      const report = readReport<Parameters<typeof playwrightFailures>[1]>(e2eReport)
      return report ? playwrightFailures('e2e', report) : []
    },
  },
]

const only = process.argv.slice(2)
const results: Array<{ name: string; ok: boolean; seconds: number }> = []
const times: TimedTest[] = []
const failures: FailedTest[] = []
const totals = { passed: 0, failed: 0, skipped: 0 }
for (const step of steps) {
  if (only.length && !only.some((o) => step.name.startsWith(o))) continue
  console.log(`\n=== ${step.name}`)
  const started = Date.now()
  const prepared = step.prepare?.() ?? {}
  if (prepared.error) {
    console.log(prepared.error)
    results.push({ name: step.name, ok: false, seconds: (Date.now() - started) / 1000 })
    totals.failed += 1
    continue
  }
  const [cmd, ...args] = step.command as [string, ...string[]]
  const run = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...step.env, ...prepared.env },
  })
  const seconds = (Date.now() - started) / 1000
  let ok = run.status === 0
  if (step.counts) {
    try {
      const counts = step.counts()
      totals.passed += counts.passed
      totals.failed += counts.failed
      totals.skipped += counts.skipped
      // Vitest also fails a run for errors outside any test (an unhandled rejection, a file
      // that does not load): count that as one failure, so the last line never says 0 failed.
      if (!ok && counts.failed === 0) {
        totals.failed += 1
        console.log(
          `${step.name}: the runner failed outside any test; its errors are printed above`,
        )
      }
    } catch {
      // No report means the runner itself failed before running tests.
      ok = false
      totals.failed += 1
    }
  }
  results.push({ name: step.name, ok, seconds })
  times.push(...(step.times?.() ?? []))
  failures.push(...(step.failures?.() ?? []))
}

// Where the time went: every step, then the ten slowest tests (issue 30's suite-speed part).
console.log('\n=== slowest tests')
for (const line of formatSlowest(slowest(times))) console.log(line)
// Failures last but for the summary: a CI log keeps the tail, and the tail must name them.
if (failures.length) {
  console.log('\n=== failed tests')
  for (const line of formatFailures(failures)) console.log(line)
}
console.log('\n=== summary')
for (const r of results)
  console.log(
    `${r.ok ? 'ok  ' : 'FAIL'}  ${r.name.padEnd(11)}  ${r.seconds.toFixed(1).padStart(7)} s`,
  )
const total = results.reduce((sum, r) => sum + r.seconds, 0)
console.log(`      ${'total'.padEnd(11)}  ${total.toFixed(1).padStart(7)} s`)
const failedSteps = results.filter((r) => !r.ok).length
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
if (!existsSync(reports)) console.log('(no reports)')
process.exit(failedSteps ? 1 : 0)
