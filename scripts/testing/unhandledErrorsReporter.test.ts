import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import UnhandledErrorsReporter from './unhandledErrorsReporter.js'

const former = process.env.LATCH_UNHANDLED_ERRORS_FILE
afterEach(() => {
  if (former === undefined) delete process.env.LATCH_UNHANDLED_ERRORS_FILE
  else process.env.LATCH_UNHANDLED_ERRORS_FILE = former
})

describe('the unhandled errors reporter', () => {
  it('writes each error with the file and test Vitest tagged it with', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'latch-unhandled-')), 'errors.json')
    process.env.LATCH_UNHANDLED_ERRORS_FILE = file
    new UnhandledErrorsReporter().onTestRunEnd(
      [],
      [
        {
          name: 'Error',
          message: 'closed 3000',
          stack: 'Error: closed 3000\n    at x',
          VITEST_TEST_PATH: '/repo/a.int.test.ts',
          VITEST_TEST_NAME: 'a reload',
        },
        { message: 'no name' },
      ],
    )
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual([
      {
        message: 'Error: closed 3000',
        file: '/repo/a.int.test.ts',
        test: 'a reload',
        stack: 'Error: closed 3000\n    at x',
      },
      { message: 'Error: no name' },
    ])
  })
})
