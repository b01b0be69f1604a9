import { describe, expect, test } from 'vitest'
import { ApiError } from '../api/errors.js'
import type { RemoteFeatureEntry } from '../api/types.js'
import {
  defaultRemoteFeatures,
  loadRemoteFeatures,
  mergeRemoteFeatures,
  multiWalletAlert,
} from './remoteConfig.js'

const serverDefaults: RemoteFeatureEntry[] = [
  { id: 'social_login', isEnabled: true, config: ['email', 'google', 'x'] },
  { id: 'swap', isEnabled: true, config: ['latch'] },
  { id: 'onramp', isEnabled: false, config: [] },
  { id: 'activity', isEnabled: true, config: [] },
  { id: 'reown_branding', isEnabled: true, config: [] },
  { id: 'multi_wallet', isEnabled: false, config: [] },
]

describe('mergeRemoteFeatures', () => {
  test('remote values win over defaults', () => {
    const { features, overridden } = mergeRemoteFeatures({}, serverDefaults)
    expect(features).toEqual({
      email: true,
      socials: ['google', 'x'],
      swaps: true,
      onramp: false,
      activity: true,
      branding: true,
      multiWallet: false,
    })
    expect(overridden).toEqual([])
  })

  test('a local value the remote replaces is reported; an equal one is not', () => {
    const { features, overridden } = mergeRemoteFeatures(
      { onramp: true, swaps: true, multiWallet: true, socials: ['google', 'x'] },
      serverDefaults,
    )
    expect(features.onramp).toBe(false)
    expect(features.multiWallet).toBe(false)
    expect(overridden).toEqual(['onramp', 'multiWallet'])
  })

  test('social_login off turns off email and socials', () => {
    const { features } = mergeRemoteFeatures({}, [
      { id: 'social_login', isEnabled: false, config: ['email', 'google'] },
    ])
    expect(features.email).toBe(false)
    expect(features.socials).toBe(false)
  })

  test('a missing entry or a null config leaves the local value, else the default', () => {
    const { features, overridden } = mergeRemoteFeatures({ swaps: false, activity: false }, [
      { id: 'activity', isEnabled: true, config: null },
    ])
    expect(features.swaps).toBe(false)
    expect(features.activity).toBe(false)
    expect(features.onramp).toBe(defaultRemoteFeatures.onramp)
    expect(overridden).toEqual([])
  })

  test('no remote config: local over docs/behaviour.md#limits defaults', () => {
    const { features } = mergeRemoteFeatures({ email: false }, null)
    expect(features).toEqual({ ...defaultRemoteFeatures, email: false })
    expect(defaultRemoteFeatures).toMatchObject({
      email: true,
      swaps: true,
      onramp: true,
      activity: true,
      multiWallet: false,
    })
  })
})

describe('loadRemoteFeatures', () => {
  test('warning notice when the remote overrides a local setting', async () => {
    const result = await loadRemoteFeatures({
      api: { getRemoteConfig: async () => serverDefaults },
      local: { onramp: true },
    })
    expect(result.source).toBe('remote')
    expect(result.alerts).toEqual([
      expect.objectContaining({ code: 'LOCAL_CONFIG_OVERRIDDEN', variant: 'warning' }),
    ])
    expect(result.alerts[0]!.debugMessage).toContain('"features.onramp"')
  })

  test('a failed fetch logs a warning and falls back to local settings and defaults', async () => {
    const warnings: unknown[][] = []
    const result = await loadRemoteFeatures({
      api: {
        getRemoteConfig: async () => {
          throw new ApiError('SERVER_ERROR', 503, 'down')
        },
      },
      local: { swaps: false },
      logger: { warn: (...args: unknown[]) => warnings.push(args) },
    })
    expect(result).toEqual({
      features: { ...defaultRemoteFeatures, swaps: false },
      source: 'local',
      alerts: [],
    })
    expect(warnings).toHaveLength(1)
    expect(String(warnings[0]![0])).toContain('Failed to fetch the remote project configuration')
  })
})

describe('multiWalletAlert', () => {
  test("'Multi-Wallet Not Enabled' info alert when off, none when on", () => {
    expect(multiWalletAlert({ multiWallet: false })).toMatchObject({
      code: 'MULTI_WALLET_NOT_ENABLED',
      variant: 'info',
      message: 'Multi-Wallet Not Enabled',
    })
    expect(multiWalletAlert({ multiWallet: true })).toBeNull()
  })
})
