import { describe, expect, it } from 'vitest'
import { readStackWebMode, StackWebModeError } from './vite.js'

describe('readStackWebMode', () => {
  it('serves the dev server unless told to build', () => {
    expect(readStackWebMode(undefined)).toBe('dev')
    expect(readStackWebMode('')).toBe('dev')
    expect(readStackWebMode('dev')).toBe('dev')
    expect(readStackWebMode('built')).toBe('built')
  })

  it('names a bad value', () => {
    expect(() => readStackWebMode('prod')).toThrow(StackWebModeError)
    expect(() => readStackWebMode('prod')).toThrow(
      'LATCH_STACK_WEB: must be "dev" or "built", got "prod"',
    )
  })
})
