import { describe, expect, it } from 'vitest'
import { formatSlowest, playwrightTimes, slowest, vitestTimes } from './slowest.js'

describe('the slowest tests of a run', () => {
  it('reads vitest reports with files relative to the root', () => {
    const times = vitestTimes(
      'unit',
      {
        testResults: [
          {
            name: '/repo/packages/core/src/a.test.ts',
            assertionResults: [
              { fullName: 'a works', duration: 1500 },
              { fullName: 'a skipped', duration: null },
            ],
          },
        ],
      },
      '/repo',
    )
    expect(times).toEqual([
      { step: 'unit', file: 'packages/core/src/a.test.ts', name: 'a works', seconds: 1.5 },
      { step: 'unit', file: 'packages/core/src/a.test.ts', name: 'a skipped', seconds: 0 },
    ])
  })

  it('walks playwright suites, naming describe blocks and summing retries', () => {
    const times = playwrightTimes('e2e', {
      suites: [
        {
          title: 'a11y.spec.ts',
          file: 'a11y.spec.ts',
          specs: [{ title: 'top', tests: [{ results: [{ duration: 2000 }] }] }],
          suites: [
            {
              title: 'dark theme',
              specs: [
                {
                  title: 'every view',
                  file: 'a11y.spec.ts',
                  tests: [{ results: [{ duration: 1000 }, { duration: 3000 }] }],
                },
              ],
            },
          ],
        },
      ],
    })
    expect(times).toEqual([
      { step: 'e2e', file: 'e2e/tests/a11y.spec.ts', name: 'top', seconds: 2 },
      { step: 'e2e', file: 'e2e/tests/a11y.spec.ts', name: 'dark theme › every view', seconds: 4 },
    ])
  })

  it('keeps the slowest first and formats one line each', () => {
    const tests = [1, 9, 3].map((seconds) => ({
      step: 'unit',
      file: 'f.ts',
      name: `t${seconds}`,
      seconds,
    }))
    expect(slowest(tests, 2).map((t) => t.name)).toEqual(['t9', 't3'])
    expect(
      formatSlowest([
        { step: 'e2e', file: 'e2e/tests/x.spec.ts', name: 'n'.repeat(80), seconds: 12.34 },
      ])[0],
    ).toBe(`   12.3 s  e2e          e2e/tests/x.spec.ts  ${'n'.repeat(69)}…`)
  })
})
