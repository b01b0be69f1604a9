import { describe, expect, test } from 'vitest'
import { defaultProjectFeatures, readProjectFeatures, toRemoteFeatures } from './features.js'

describe('project features', () => {
  test('stored JSON falls back to the docs/behaviour.md#limits defaults field by field', () => {
    expect(readProjectFeatures({})).toEqual(defaultProjectFeatures)
    expect(readProjectFeatures(null)).toEqual(defaultProjectFeatures)
    expect(
      readProjectFeatures({ multiWallet: true, swaps: 'yes', socials: ['x', 'myspace', 'x'] }),
    ).toEqual({
      ...defaultProjectFeatures,
      multiWallet: true,
      socials: ['x'],
    })
  })

  test('wire form: email joins the social_login config; empty config turns it off', () => {
    const on = toRemoteFeatures({ ...defaultProjectFeatures, socials: ['google'] })
    expect(on[0]).toEqual({ id: 'social_login', isEnabled: true, config: ['email', 'google'] })
    const off = toRemoteFeatures({ ...defaultProjectFeatures, email: false, socials: [] })
    expect(off[0]).toEqual({ id: 'social_login', isEnabled: false, config: [] })
    expect(off.map((f) => f.id)).toEqual([
      'social_login',
      'swap',
      'onramp',
      'activity',
      'reown_branding',
      'multi_wallet',
    ])
    // Never null: null means "use the local value" to the reference client.
    expect(off.every((f) => Array.isArray(f.config))).toBe(true)
  })
})
