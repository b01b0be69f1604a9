import { describe, expect, it } from 'vitest'
import {
  formatFailures,
  playwrightFailures,
  unhandledFailures,
  vitestFailures,
} from './failures.js'

describe('the failed tests of a run', () => {
  it('names each failed vitest case with its file relative to the root', () => {
    const failures = vitestFailures(
      'integration',
      {
        testResults: [
          {
            name: '/repo/apps/server/src/a.int.test.ts',
            status: 'failed',
            assertionResults: [
              { fullName: 'a passes', status: 'passed' },
              { fullName: 'a breaks', status: 'failed', failureMessages: ['Error: boom\n  at x'] },
            ],
          },
        ],
      },
      '/repo',
    )
    expect(failures).toEqual([
      {
        step: 'integration',
        file: 'apps/server/src/a.int.test.ts',
        name: 'a breaks',
        message: 'Error: boom\n  at x',
      },
    ])
  })

  it('names a file that failed outside its tests (a hook threw, or it did not load)', () => {
    const failures = vitestFailures(
      'unit',
      {
        testResults: [
          {
            name: '/repo/b.test.ts',
            status: 'failed',
            message: 'afterAll hook timed out',
            assertionResults: [{ fullName: 'b passes', status: 'passed' }],
          },
          { name: '/repo/c.test.ts', status: 'passed', assertionResults: [] },
        ],
      },
      '/repo',
    )
    expect(failures).toEqual([
      { step: 'unit', file: 'b.test.ts', name: '', message: 'afterAll hook timed out' },
    ])
  })

  it('walks playwright suites for failed and flaky tests, skipping passed ones', () => {
    const failures = playwrightFailures('e2e', {
      suites: [
        {
          title: 'send.spec.ts',
          file: 'send.spec.ts',
          specs: [
            { title: 'passes', tests: [{ status: 'expected', results: [{}] }] },
            {
              title: 'breaks',
              tests: [{ status: 'unexpected', results: [{ error: { message: 'timed out' } }] }],
            },
          ],
          suites: [
            {
              title: 'dark',
              specs: [
                {
                  title: 'retried',
                  tests: [{ status: 'flaky', results: [{ error: { message: 'first try' } }, {}] }],
                },
              ],
            },
          ],
        },
      ],
    })
    expect(failures).toEqual([
      {
        step: 'e2e',
        file: 'e2e/tests/send.spec.ts',
        name: 'breaks',
        message: 'timed out',
        flaky: false,
      },
      {
        step: 'e2e',
        file: 'e2e/tests/send.spec.ts',
        name: 'dark › retried',
        message: 'first try',
        flaky: true,
      },
    ])
  })

  it('prints a header and the first lines of the message, colours removed, long lines cut', () => {
    const esc = String.fromCharCode(27)
    const lines = formatFailures(
      [
        {
          step: 'e2e',
          file: 'e2e/tests/a.spec.ts',
          name: 'a',
          message: `${esc}[31mExpected${esc}[39m\n\n${'x'.repeat(200)}\n3\n4\n5\n6\n7`,
        },
        { step: 'unit', file: 'b.test.ts', name: '', message: '' },
      ],
      4,
    )
    expect(lines[0]).toBe('FAIL   e2e          e2e/tests/a.spec.ts  a')
    expect(lines[1]).toBe('         Expected')
    expect(lines[2]).toHaveLength(9 + 150)
    expect(lines.slice(3, 5)).toEqual(['         3', '         4'])
    expect(lines[5]).toBe('FAIL   unit         b.test.ts  (outside any test)')
    expect(lines).toHaveLength(6)
  })
})

describe('errors no test caught', () => {
  it('are named by the file that was running and the test, with the stack after the message', () => {
    const failures = unhandledFailures(
      'integration',
      [
        {
          message: 'Error: closed abnormally with code: 3000',
          file: '/repo/packages/core/src/r.int.test.ts',
          test: 'a reload',
          stack: 'Error: closed abnormally\n    at onClose (ws.js:1:1)',
        },
        { message: 'Error: somewhere' },
      ],
      '/repo',
    )
    expect(failures).toEqual([
      {
        step: 'integration',
        file: 'packages/core/src/r.int.test.ts',
        name: 'unhandled error during "a reload"',
        message: 'Error: closed abnormally with code: 3000\n    at onClose (ws.js:1:1)',
      },
      {
        step: 'integration',
        file: '(unknown file)',
        name: 'unhandled error',
        message: 'Error: somewhere',
      },
    ])
  })
})
