import { describe, expect, it } from 'vitest'
import { qrModulesPath } from './qrPath.js'

describe('qrModulesPath', () => {
  it('draws each run of dark modules in a row as one rectangle', () => {
    expect(
      qrModulesPath([
        [true, true, false, true],
        [false, false, false, false],
        [false, true, true, true],
      ]),
    ).toBe('M0 0h2v1h-2zM3 0h1v1h-1zM1 2h3v1h-3z')
  })

  it('draws nothing for an empty grid', () => {
    expect(qrModulesPath([[false, false]])).toBe('')
  })
})
