import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../config.js'

const issuesOf = (env: Record<string, string>) => {
  try {
    loadConfig({ LATCH_DATA_DIR: 'memory://', ...env })
  } catch (error) {
    if (error instanceof ConfigError) return error.issues
    throw error
  }
  return []
}

describe('LATCH_METRICS_*', () => {
  it('is off by default, and the listener is on loopback unless told otherwise', () => {
    expect(loadConfig({ LATCH_DATA_DIR: 'memory://' }).metrics).toEqual({
      port: undefined,
      host: '127.0.0.1',
      token: undefined,
    })
    expect(
      loadConfig({ LATCH_DATA_DIR: 'memory://', LATCH_METRICS_PORT: '9464' }).metrics,
    ).toMatchObject({ port: 9464, host: '127.0.0.1' })
    expect(
      loadConfig({
        LATCH_DATA_DIR: 'memory://',
        LATCH_METRICS_PORT: '9464',
        LATCH_METRICS_HOST: '10.0.0.5',
        LATCH_METRICS_TOKEN: 'a-metrics-token-of-24-chars',
      }).metrics,
    ).toEqual({ port: 9464, host: '10.0.0.5', token: 'a-metrics-token-of-24-chars' })
  })

  it('refuses the public port, a guessable token and a host that is not an address', () => {
    expect(issuesOf({ LATCH_SERVER_PORT: '8080', LATCH_METRICS_PORT: '8080' })).toEqual([
      expect.stringContaining('LATCH_METRICS_PORT: must differ from LATCH_SERVER_PORT'),
    ])
    expect(issuesOf({ LATCH_METRICS_PORT: '8787' })).toHaveLength(1)
    expect(issuesOf({ LATCH_METRICS_TOKEN: 'short' })).toEqual([
      expect.stringContaining('LATCH_METRICS_TOKEN: must be at least 24 characters'),
    ])
    expect(issuesOf({ LATCH_METRICS_PORT: '70000' })).toHaveLength(1)
    expect(issuesOf({ LATCH_METRICS_HOST: 'metrics host' })).toHaveLength(1)
  })
})
