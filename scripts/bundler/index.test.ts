import { describe, expect, it } from 'vitest'
import { bundlerPort } from './index.js'

describe('bundlerPort', () => {
  it('defaults to 4337 and takes LATCH_BUNDLER_PORT', () => {
    expect(bundlerPort({})).toBe(4337)
    expect(bundlerPort({ LATCH_BUNDLER_PORT: '18006' })).toBe(18006)
  })

  it('refuses what is not a port, naming the variable', () => {
    for (const bad of ['0', '65536', '43a7', '-1', ' 80'])
      expect(() => bundlerPort({ LATCH_BUNDLER_PORT: bad })).toThrow(/LATCH_BUNDLER_PORT/)
  })
})
