import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../config.js'
import { DEFAULT_FRAME_ORIGINS } from './config.js'

const key = (byte: number) => Buffer.alloc(32, byte).toString('base64')

describe('auth config', () => {
  it('defaults: no SMTP, dev key files, the dev frame origin', () => {
    expect(loadConfig({}, '/x').auth).toEqual({
      smtpUrl: undefined,
      mailFrom: 'Latch <no-reply@latch.localhost>',
      authShareKey: undefined,
      recoveryKey: undefined,
      frameOrigins: DEFAULT_FRAME_ORIGINS,
      publicUrl: undefined,
      social: {},
      sweepIntervalMs: 300_000,
      mailIntervalMs: 30_000,
    })
  })

  it('reads every variable', () => {
    const { auth } = loadConfig({
      LATCH_SMTP_URL: 'smtps://user:pw@mail.example.org:465',
      LATCH_MAIL_FROM: 'Wallet <wallet@example.org>',
      LATCH_AUTH_SHARE_KEY: key(1),
      LATCH_RECOVERY_KEY: key(2),
      LATCH_FRAME_ORIGINS: 'https://wallet.example.org, http://127.0.0.1:15174',
      LATCH_PUBLIC_URL: 'https://api.example.org',
      LATCH_AUTH_SWEEP_SECONDS: '60',
      LATCH_AUTH_MAIL_INTERVAL_SECONDS: '5',
      LATCH_SOCIAL_GITHUB_CLIENT_ID: 'gh-client',
      LATCH_SOCIAL_GITHUB_CLIENT_SECRET: 'gh-secret',
      LATCH_SOCIAL_GOOGLE_CLIENT_ID: 'g-client',
      LATCH_SOCIAL_GOOGLE_CLIENT_SECRET: 'g-secret',
      LATCH_SOCIAL_GOOGLE_ISSUER: 'http://127.0.0.1:8556/google',
    })
    expect(auth).toEqual({
      smtpUrl: 'smtps://user:pw@mail.example.org:465',
      mailFrom: 'Wallet <wallet@example.org>',
      authShareKey: key(1),
      recoveryKey: key(2),
      frameOrigins: ['https://wallet.example.org', 'http://127.0.0.1:15174'],
      publicUrl: 'https://api.example.org',
      social: {
        github: { clientId: 'gh-client', clientSecret: 'gh-secret', issuer: undefined },
        google: {
          clientId: 'g-client',
          clientSecret: 'g-secret',
          issuer: 'http://127.0.0.1:8556/google',
        },
      },
      sweepIntervalMs: 60_000,
      mailIntervalMs: 5_000,
    })
  })

  it('names each bad variable', () => {
    let error: unknown
    try {
      loadConfig({
        LATCH_SMTP_URL: 'http://mail',
        LATCH_AUTH_SHARE_KEY: 'short',
        LATCH_FRAME_ORIGINS: 'https://wallet.example.org/path',
        LATCH_SOCIAL_X_CLIENT_ID: 'only-the-id',
        LATCH_SOCIAL_DISCORD_ISSUER: 'not a url',
        LATCH_AUTH_SWEEP_SECONDS: '0',
        LATCH_AUTH_MAIL_INTERVAL_SECONDS: '1',
      })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    const issues = (error as ConfigError).issues.join('\n')
    expect(issues).toContain('LATCH_SMTP_URL')
    expect(issues).toContain('LATCH_AUTH_SHARE_KEY')
    expect(issues).toContain('LATCH_FRAME_ORIGINS')
    expect(issues).toContain('set both LATCH_SOCIAL_X_CLIENT_ID and LATCH_SOCIAL_X_CLIENT_SECRET')
    expect(issues).toContain('LATCH_SOCIAL_DISCORD_ISSUER')
    expect(issues).toContain('LATCH_AUTH_SWEEP_SECONDS')
    expect(issues).toContain('LATCH_AUTH_MAIL_INTERVAL_SECONDS: must be between 5 and 3600 seconds')
  })
})
