import { describe, expect, it } from 'vitest'
import { ChainConfigError, loadChainDataConfig } from '../config.js'
import { DEFAULT_LEASE_MS, leaseTimings, newHolderId } from './lease.js'

describe('indexer lease timings', () => {
  it('renews three times and retries four times per lease', () => {
    expect(leaseTimings(9_000)).toEqual({
      durationMs: 9_000,
      renewEveryMs: 3_000,
      retryEveryMs: 2_250,
    })
    expect(leaseTimings().durationMs).toBe(DEFAULT_LEASE_MS)
  })

  it('refuses a lease that could never be held', () => {
    expect(() => leaseTimings(0)).toThrow(RangeError)
    expect(() => leaseTimings(1.5)).toThrow(RangeError)
  })

  it('names a holder by host and pid, never twice the same', () => {
    const a = newHolderId()
    expect(a).toContain(`:${process.pid}:`)
    expect(newHolderId()).not.toBe(a)
  })
})

describe('LATCH_INDEX_LEASE_SECONDS', () => {
  const load = (value?: string) =>
    loadChainDataConfig(
      value === undefined ? {} : { LATCH_INDEX_LEASE_SECONDS: value },
      'http://127.0.0.1:8545',
    )

  it('defaults to ten seconds and reads whole seconds', () => {
    expect(load().leaseMs).toBe(10_000)
    expect(load('3').leaseMs).toBe(3_000)
  })

  it('stops the server at start-up on a value it cannot use', () => {
    for (const bad of ['0', '2.5', 'soon', '3601'])
      expect(() => load(bad)).toThrow(
        expect.objectContaining({
          name: ChainConfigError.name,
          message: expect.stringContaining('LATCH_INDEX_LEASE_SECONDS: must be an integer'),
        }),
      )
  })
})
