import { describe, expect, test } from 'vitest'
import {
  defaultProjectFeatures,
  readProjectFeatures,
  type ServerCapabilities,
  serverCapabilities,
  toRemoteFeatures,
} from './features.js'

const everything: ServerCapabilities = {
  email: true,
  socials: ['google', 'x'],
  swapProvider: 'someswap',
  onrampProvider: 'someramp',
}

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
    const on = toRemoteFeatures({ ...defaultProjectFeatures, socials: ['google'] }, everything)
    expect(on[0]).toEqual({ id: 'social_login', isEnabled: true, config: ['email', 'google'] })
    const off = toRemoteFeatures(
      { ...defaultProjectFeatures, email: false, socials: [] },
      everything,
    )
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

  test('a project enabling what this server cannot serve advertises nothing of it', () => {
    const bare = serverCapabilities({ auth: { smtpUrl: undefined, social: {} } })
    const features = toRemoteFeatures(defaultProjectFeatures, bare)
    const byId = Object.fromEntries(features.map((f) => [f.id, f]))
    expect(byId.social_login).toEqual({ id: 'social_login', isEnabled: false, config: [] })
    expect(byId.swap).toEqual({ id: 'swap', isEnabled: false, config: [] })
    expect(byId.onramp).toEqual({ id: 'onramp', isEnabled: false, config: [] })
    expect(byId.activity?.isEnabled).toBe(true)
    // With SMTP, email is served; the project's social providers still are not.
    const mail = serverCapabilities({ auth: { social: {}, smtpUrl: 'smtp://127.0.0.1:1025' } })
    expect(toRemoteFeatures(defaultProjectFeatures, mail)[0]?.config).toEqual(['email'])
    // A provider with its OAuth client configured is served; Farcaster needs an Optimism RPC.
    const client = { clientId: 'id', clientSecret: 'secret', issuer: undefined }
    const withGithub = serverCapabilities({
      auth: { smtpUrl: 'smtp://127.0.0.1:1025', social: { github: client, discord: client } },
    })
    expect(withGithub.socials).toEqual(['discord', 'github'])
    expect(toRemoteFeatures(defaultProjectFeatures, withGithub)[0]?.config).toEqual([
      'email',
      'discord',
      'github',
    ])
    const withFarcaster = serverCapabilities({
      auth: { smtpUrl: undefined, social: {}, farcaster: { rpcUrl: 'http://127.0.0.1:8545' } },
    })
    expect(withFarcaster.socials).toEqual(['farcaster'])
    expect(toRemoteFeatures(defaultProjectFeatures, withFarcaster)[0]?.config).toEqual([
      'farcaster',
    ])
    // Served and enabled: advertised with the provider's name.
    const served = toRemoteFeatures(
      { ...defaultProjectFeatures, socials: ['x', 'apple'] },
      everything,
    )
    expect(served[0]?.config).toEqual(['email', 'x'])
    expect(served[1]).toEqual({ id: 'swap', isEnabled: true, config: ['someswap'] })
  })
})
