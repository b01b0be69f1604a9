import { describe, expect, it } from 'vitest'
import { createStepTimer, formatSeconds } from './steps.js'

describe('createStepTimer', () => {
  it('prints a step when it begins and its time when it ends', async () => {
    let clock = 0
    const lines: string[] = []
    const timer = createStepTimer(
      (l) => lines.push(l),
      () => clock,
    )
    const value = await timer.step(
      'dev chain',
      async () => {
        expect(lines).toEqual(['dev chain…'])
        clock += 1234
        return 7
      },
      (n) => `${n} blocks`,
    )
    expect(value).toBe(7)
    expect(lines).toEqual(['dev chain…', 'dev chain: 1.23 s (7 blocks)'])
    expect(timer.elapsed()).toBeCloseTo(1.234)
  })

  it('lets a failing step fail without printing a time', async () => {
    const lines: string[] = []
    const timer = createStepTimer(
      (l) => lines.push(l),
      () => 0,
    )
    await expect(
      timer.step('server', async () => {
        throw new Error('port in use')
      }),
    ).rejects.toThrow('port in use')
    expect(lines).toEqual(['server…'])
  })

  it('formats seconds', () => {
    expect(formatSeconds(40)).toBe('0.04 s')
    expect(formatSeconds(12_345)).toBe('12.3 s')
  })
})
