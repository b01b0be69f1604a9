import { describe, expect, it } from 'vitest'
import { summariseTimings } from './measure.js'

describe('summariseTimings', () => {
  it('reads the whole request time and the answering upstream time, in ms', () => {
    // $request_time $upstream_connect_time $upstream_header_time $upstream_response_time $connection_requests $status
    const lines = [
      '0.004 0.000 0.003 0.003 12 200',
      '0.010 0.001 0.008 0.009 13 200',
      // Two servers tried: the answering (last) one's time is the upstream figure.
      '0.020 0.000, 0.001 0.002, 0.015 0.002, 0.016 1 200',
    ]
    const summary = summariseTimings(lines)
    expect(summary.count).toBe(3)
    expect(summary.mean).toBeCloseTo(11.33, 1)
    expect(summary.p50).toBe(10)
    expect(summary.p99).toBe(20)
    expect(summary.upstreamMean).toBeCloseTo((3 + 9 + 16) / 3, 1)
    expect(summary.upstreamP99).toBe(16)
  })
})
