import { afterEach, describe, expect, it, vi } from 'vitest'
import { ChainAdapterNotFoundError } from './errors.js'
import { createErrorReporting, type ErrorReport, withErrorReport } from './reporter.js'

afterEach(() => vi.useRealTimers())

describe('createErrorReporting', () => {
  it('gives each instance its own hook and its own rate limit', () => {
    const first: ErrorReport[] = []
    const second: ErrorReport[] = []
    const a = createErrorReporting((r) => first.push(r))
    const b = createErrorReporting((r) => second.push(r))
    for (let i = 0; i < 5; i++) a.report(new Error(`a${i}`))
    b.report(new ChainAdapterNotFoundError())
    expect(first.map((r) => r.message)).toEqual(['a0', 'a1', 'a2', 'a3', 'a4'])
    expect(second.map((r) => r.errorType)).toEqual(['ChainAdapterNotFoundError'])
  })

  it('wraps sync and async failures, reports them and rethrows', async () => {
    const reports: ErrorReport[] = []
    const reporting = createErrorReporting()
    reporting.setReporter((r) => reports.push(r))
    expect(() =>
      withErrorReport(reporting, () => {
        throw new Error('sync boom')
      }),
    ).toThrow('sync boom')
    await expect(
      withErrorReport(reporting, async () => {
        throw new ChainAdapterNotFoundError()
      }),
    ).rejects.toThrow('Chain adapter not found')
    expect(reports.map((r) => r.errorType)).toEqual(['LatchError', 'ChainAdapterNotFoundError'])
  })

  it('sends at most 5 reports per 60 seconds, and none once the hook is removed', () => {
    vi.useFakeTimers()
    const reports: ErrorReport[] = []
    const reporting = createErrorReporting((r) => reports.push(r))
    for (let i = 0; i < 8; i++) reporting.report(new Error(`e${i}`))
    expect(reports).toHaveLength(5)
    vi.advanceTimersByTime(60_000)
    reporting.report(new Error('later'))
    expect(reports.at(-1)?.message).toBe('later')
    reporting.setReporter(undefined)
    reporting.report(new Error('unheard'))
    expect(reports.at(-1)?.message).toBe('later')
  })

  it('survives a reporter that throws', () => {
    const reporting = createErrorReporting(() => {
      throw new Error('reporter down')
    })
    expect(reporting.report(new Error('x')).message).toBe('x')
  })
})
