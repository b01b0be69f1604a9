import { z } from 'zod'

/**
 * The on-ramp providers this server can sell through (docs/onramp.md), each configured only by
 * the environment. A provider is on when its keys are set; none set leaves `onramp` advertised off.
 * The keys stay on the server: no response carries them (routes.int.test.ts checks every answer).
 */
export interface MoonPayConfig {
  /** pk_…: public by MoonPay's design (it is in every widget URL), still never needed by the page. */
  publishableKey: string
  /** sk_…: signs widget URLs and authenticates the server's reads of transactions. */
  secretKey: string
  /** The webhook API key: verifies Moonpay-Signature-V2. Unset: status only by polling. */
  webhookKey: string | undefined
  /** The REST API (default MoonPay's); `npm start` points it at the dev sandbox. */
  apiUrl: string
  /** The buy widget (default MoonPay's); the sandbox serves both from one origin. */
  widgetUrl: string
}

export interface CoinbaseConfig {
  /** The CDP secret API key's name (`organizations/…/apiKeys/…` or its id): the JWT's kid and sub. */
  keyName: string
  /** Its private key: an EC (P-256) PEM, or Ed25519 as base64 of 64 bytes (seed and public key). */
  keySecret: string
  /** The REST API (default api.developer.coinbase.com). */
  apiUrl: string
  /** The hosted checkout (default pay.coinbase.com). */
  payUrl: string
  /** The buyer's country for options and quotes (ISO 3166-1 alpha-2), default US. */
  country: string
  /** The CDP webhook subscription's secret: verifies X-Hook0-Signature. Unset: polling only. */
  webhookSecret: string | undefined
}

export interface OnrampConfig {
  moonpay: MoonPayConfig | undefined
  coinbase: CoinbaseConfig | undefined
}

const url = z
  .string()
  .url('must be an http(s) URL')
  .refine((v) => /^https?:$/.test(new URL(v).protocol), 'must be an http(s) URL')
  .optional()

export const onrampEnvShape = {
  LATCH_ONRAMP_MOONPAY_PUBLISHABLE_KEY: z.string().min(8).optional(),
  LATCH_ONRAMP_MOONPAY_SECRET_KEY: z.string().min(8).optional(),
  LATCH_ONRAMP_MOONPAY_WEBHOOK_KEY: z.string().min(8).optional(),
  LATCH_ONRAMP_MOONPAY_BASE_URL: url,
  LATCH_ONRAMP_MOONPAY_WIDGET_URL: url,
  LATCH_ONRAMP_COINBASE_KEY_NAME: z.string().min(1).optional(),
  LATCH_ONRAMP_COINBASE_KEY_SECRET: z.string().min(32).optional(),
  LATCH_ONRAMP_COINBASE_BASE_URL: url,
  LATCH_ONRAMP_COINBASE_PAY_URL: url,
  LATCH_ONRAMP_COINBASE_WEBHOOK_SECRET: z.string().min(16).optional(),
  LATCH_ONRAMP_COINBASE_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter country code like US')
    .optional(),
}

type OnrampEnv = { [key in keyof typeof onrampEnvShape]?: string | undefined }

const trimSlash = (value: string) => value.replace(/\/+$/, '')

/** Half a key pair is a mistake worth refusing to start over, not a silently absent provider. */
export function onrampConfigIssues(e: OnrampEnv): string[] {
  const issues: string[] = []
  const mp = [e.LATCH_ONRAMP_MOONPAY_PUBLISHABLE_KEY, e.LATCH_ONRAMP_MOONPAY_SECRET_KEY]
  if (mp.filter(Boolean).length === 1)
    issues.push(
      'LATCH_ONRAMP_MOONPAY_PUBLISHABLE_KEY and LATCH_ONRAMP_MOONPAY_SECRET_KEY: set both or neither',
    )
  const cb = [e.LATCH_ONRAMP_COINBASE_KEY_NAME, e.LATCH_ONRAMP_COINBASE_KEY_SECRET]
  if (cb.filter(Boolean).length === 1)
    issues.push(
      'LATCH_ONRAMP_COINBASE_KEY_NAME and LATCH_ONRAMP_COINBASE_KEY_SECRET: set both or neither',
    )
  return issues
}

export function readOnrampConfig(e: OnrampEnv): OnrampConfig {
  const moonpay =
    e.LATCH_ONRAMP_MOONPAY_PUBLISHABLE_KEY && e.LATCH_ONRAMP_MOONPAY_SECRET_KEY
      ? {
          publishableKey: e.LATCH_ONRAMP_MOONPAY_PUBLISHABLE_KEY,
          secretKey: e.LATCH_ONRAMP_MOONPAY_SECRET_KEY,
          webhookKey: e.LATCH_ONRAMP_MOONPAY_WEBHOOK_KEY,
          apiUrl: trimSlash(e.LATCH_ONRAMP_MOONPAY_BASE_URL ?? 'https://api.moonpay.com'),
          widgetUrl: trimSlash(e.LATCH_ONRAMP_MOONPAY_WIDGET_URL ?? 'https://buy.moonpay.com'),
        }
      : undefined
  const coinbase =
    e.LATCH_ONRAMP_COINBASE_KEY_NAME && e.LATCH_ONRAMP_COINBASE_KEY_SECRET
      ? {
          keyName: e.LATCH_ONRAMP_COINBASE_KEY_NAME,
          keySecret: e.LATCH_ONRAMP_COINBASE_KEY_SECRET.replace(/\\n/g, '\n'),
          apiUrl: trimSlash(
            e.LATCH_ONRAMP_COINBASE_BASE_URL ?? 'https://api.developer.coinbase.com',
          ),
          payUrl: trimSlash(e.LATCH_ONRAMP_COINBASE_PAY_URL ?? 'https://pay.coinbase.com'),
          country: e.LATCH_ONRAMP_COINBASE_COUNTRY ?? 'US',
          webhookSecret: e.LATCH_ONRAMP_COINBASE_WEBHOOK_SECRET,
        }
      : undefined
  return { moonpay, coinbase }
}

/** The configured providers' ids, MoonPay first: what remote config advertises for `onramp`. */
export function onrampProviderIds(config: OnrampConfig): string[] {
  return [...(config.moonpay ? ['moonpay'] : []), ...(config.coinbase ? ['coinbase'] : [])]
}
