import { z } from 'zod'
import { httpUrl, readSocialConfig, type SocialConfig, socialEnvShape } from './social/config.js'

/** Origins of the secure frame; the auth routes answer only them (CORS). */
export const DEFAULT_FRAME_ORIGINS = ['http://127.0.0.1:5174']

export interface AuthConfig {
  /** smtp:// or smtps:// URL, credentials included. Unset: sign-in answers 503. */
  smtpUrl: string | undefined
  mailFrom: string
  /** 32 bytes, base64: encrypts auth shares and keys code hashes. Unset: a dev key file. */
  authShareKey: string | undefined
  /** 32 bytes, base64: encrypts recovery shares. Keep it apart from the auth-share key. */
  recoveryKey: string | undefined
  frameOrigins: string[]
  /** Where the server is reachable from a mail client, for the device approval link. */
  publicUrl: string | undefined
  /** OAuth clients of the social providers; only these are offered (docs/social.md). */
  social: SocialConfig
  /**
   * Sign In With Farcaster (docs/social.md#farcaster): an Optimism RPC to read custody from
   * Farcaster's ID registry (unset: Farcaster is not offered), and optionally the relay whose
   * channels the Farcaster app answers (unset: this server is the relay).
   */
  farcaster: { rpcUrl: string; relayUrl: string | undefined } | undefined
  /** How often expired codes, flows and approval links are deleted (auth/sweep.ts). */
  sweepIntervalMs: number
  /**
   * The least time between two mails to one address (docs/custody.md#sign-in-codes): 30 s. Only
   * test stacks shorten it, so their sign-ins need not wait; 5 s is the least it takes.
   */
  mailIntervalMs: number
}

/** Five minutes: expired rows are dead already, the sweep only keeps the tables small. */
export const DEFAULT_SWEEP_SECONDS = 300

const key32 = z.string().refine(
  (value) => {
    try {
      return Buffer.from(value, 'base64').length === 32
    } catch {
      return false
    }
  },
  { message: 'must be 32 random bytes in base64 (openssl rand -base64 32)' },
)

const smtpUrl = z.string().refine(
  (value) => {
    try {
      return ['smtp:', 'smtps:'].includes(new URL(value).protocol)
    } catch {
      return false
    }
  },
  { message: 'must be an smtp:// or smtps:// URL' },
)

const originList = z.string().refine(
  (value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean)
      .every((item) => {
        try {
          const url = new URL(item)
          return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === item
        } catch {
          return false
        }
      }),
  { message: 'each entry must be an origin like https://wallet.example.com' },
)

const sweepSeconds = z
  .string()
  .regex(/^\d{1,6}$/, { message: 'must be a whole number of seconds' })
  .refine((value) => Number(value) >= 1 && Number(value) <= 86_400, {
    message: 'must be between 1 and 86400 seconds',
  })

/** docs/behaviour.md#limits: one mail per address per 30 s. */
export const DEFAULT_MAIL_INTERVAL_MS = 30_000

const mailIntervalSeconds = z
  .string()
  .regex(/^\d{1,4}$/, { message: 'must be a whole number of seconds' })
  .refine((value) => Number(value) >= 5 && Number(value) <= 3_600, {
    message: 'must be between 5 and 3600 seconds',
  })

/** Spread into the server's env schema, so these are validated with every other variable. */
export const authEnvShape = {
  LATCH_SMTP_URL: smtpUrl.optional(),
  LATCH_MAIL_FROM: z.string().min(3).optional(),
  LATCH_AUTH_SHARE_KEY: key32.optional(),
  LATCH_RECOVERY_KEY: key32.optional(),
  LATCH_FRAME_ORIGINS: originList.optional(),
  LATCH_PUBLIC_URL: httpUrl.optional(),
  LATCH_FARCASTER_RPC_URL: httpUrl.optional(),
  LATCH_FARCASTER_RELAY_URL: httpUrl.optional(),
  LATCH_AUTH_SWEEP_SECONDS: sweepSeconds.optional(),
  LATCH_AUTH_MAIL_INTERVAL_SECONDS: mailIntervalSeconds.optional(),
  ...socialEnvShape,
}

export type AuthEnv = Record<string, string | undefined>

export function readAuthConfig(env: AuthEnv): AuthConfig {
  return {
    smtpUrl: env.LATCH_SMTP_URL,
    mailFrom: env.LATCH_MAIL_FROM ?? 'Latch <no-reply@latch.localhost>',
    authShareKey: env.LATCH_AUTH_SHARE_KEY,
    recoveryKey: env.LATCH_RECOVERY_KEY,
    frameOrigins: env.LATCH_FRAME_ORIGINS
      ? env.LATCH_FRAME_ORIGINS.split(',')
          .map((item) => item.trim())
          .filter(Boolean)
      : DEFAULT_FRAME_ORIGINS,
    publicUrl: env.LATCH_PUBLIC_URL,
    social: readSocialConfig(env),
    farcaster: env.LATCH_FARCASTER_RPC_URL
      ? {
          rpcUrl: env.LATCH_FARCASTER_RPC_URL,
          relayUrl: env.LATCH_FARCASTER_RELAY_URL?.replace(/\/$/, ''),
        }
      : undefined,
    sweepIntervalMs: Number(env.LATCH_AUTH_SWEEP_SECONDS ?? DEFAULT_SWEEP_SECONDS) * 1000,
    mailIntervalMs: env.LATCH_AUTH_MAIL_INTERVAL_SECONDS
      ? Number(env.LATCH_AUTH_MAIL_INTERVAL_SECONDS) * 1000
      : DEFAULT_MAIL_INTERVAL_MS,
  }
}
