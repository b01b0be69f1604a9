import fs from 'node:fs'
import { isIP } from 'node:net'
import path from 'node:path'
import { DEFAULT_NAME_SUFFIX } from '@latch/core/wire'
import { z } from 'zod'
import { MIN_ADMIN_TOKEN_LENGTH } from './admin/token.js'
import { type AuthConfig, authEnvShape, readAuthConfig } from './auth/config.js'
import { type RpcLimits, readRpcLimits, rpcEnvShape } from './auth/rpc-config.js'
import { readSocialConfig, SocialConfigError } from './auth/social/config.js'
import { ChainConfigError, type ChainDataConfig, loadChainDataConfig } from './chains/config.js'
import {
  type BundlerUrls,
  bundlerEnvShape,
  readBundlerUrls,
} from './chains/eip155/bundler/config.js'
import {
  readSwapConfig,
  type SwapConfig,
  swapConfigIssues,
  swapEnvShape,
} from './chains/eip155/convert/config.js'
import {
  type PaymasterConfig,
  paymasterEnvShape,
  readPaymasterConfig,
} from './chains/eip155/paymaster/config.js'
import type { TrustProxySetting } from './http/trust-proxy.js'
import {
  type MetricsConfig,
  metricsConfigIssues,
  metricsEnvShape,
  readMetricsConfig,
} from './observability/config.js'
import {
  type OnrampConfig,
  onrampConfigIssues,
  onrampEnvShape,
  readOnrampConfig,
} from './onramp/config.js'

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof logLevels)[number]

/** `LATCH_DATA_DIR=memory://` keeps PGlite in memory (tests, throwaway runs). */
export const IN_MEMORY_DATA_DIR = 'memory://'

/** Origins of the dev web app; `npm start` serves it there. */
export const DEFAULT_WEB_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173']

export interface Config {
  port: number
  host: string
  /** Set: Postgres. Unset: PGlite under `dataDir`. */
  databaseUrl: string | undefined
  /** Absolute path, or `memory://`. */
  dataDir: string
  chainRpcUrl: string
  logLevel: LogLevel
  redisUrl: string | undefined
  webOrigins: string[]
  /** Email sign-in and key custody (auth/config.ts). */
  auth: AuthConfig
  /** Indexed chains, history providers, cursors and spam (chaindata/config.ts). */
  chainData: ChainDataConfig
  /**
   * The built secure frame (`packages/frame/dist/app`), served on the frame origins
   * (`auth.frameOrigins`) with its security headers; unset: the server hosts no frame.
   */
  frameDir: string | undefined
  /** LATCH_ADMIN_TOKEN: enables `/admin/v1/*` (the `project` CLI against a running server). */
  adminToken: string | undefined
  /** NODE_ENV=production or LATCH_ENV=production: secrets must come from the environment. */
  production: boolean
  /** LATCH_DOCS: the OpenAPI UI at /docs (on by default in development, off in production). */
  docs: boolean
  /**
   * LATCH_TRUST_PROXY: whose X-Forwarded-For to believe for the client address (rate limits):
   * false (default: the socket's address), a hop count, or the proxies' addresses/CIDRs. The
   * client is the right-most address that is not a trusted proxy (docs/deployment.md).
   */
  trustProxy: TrustProxySetting
  /** LATCH_RATE_LIMIT_ON_REDIS_FAILURE: `closed` (default: refuse with 503) or `open` (let pass). */
  rateLimitFailOpen: boolean
  /** LATCH_NAME_SUFFIX: the zone account names are registered under (docs/names.md). */
  nameSuffix: string
  /** LATCH_RPC_*: the RPC proxy's budgets and eth_getLogs range (auth/rpc-config.ts). */
  rpc: RpcLimits
  /** LATCH_BUNDLER_URLS: each chain's ERC-4337 bundler, for /v1/bundler (chains/eip155/bundler/config.ts). */
  bundlers: BundlerUrls
  /** LATCH_PAYMASTER*: the ERC-7677 paymaster service, or null (chains/eip155/paymaster/config.ts). */
  paymaster: PaymasterConfig | null
  /** LATCH_METRICS_*: where `/metrics` is served, if anywhere (observability/config.ts). */
  metrics: MetricsConfig
  /** LATCH_ONRAMP_*: the on-ramp providers' keys and URLs (onramp/config.ts). */
  onramp: OnrampConfig
  /** LATCH_SWAP_*: the DEX routers and the aggregator the convert API uses (chains/eip155/convert/config.ts). */
  swaps: SwapConfig
}

/** The secrets a production server takes only from its environment (docs/deployment.md#the-keys). */
export const PRODUCTION_SECRETS = [
  'LATCH_AUTH_SHARE_KEY',
  'LATCH_RECOVERY_KEY',
  'LATCH_CURSOR_SECRET',
] as const

export type Env = Record<string, string | undefined>

export class ConfigError extends Error {
  override name = 'ConfigError'
  readonly issues: readonly string[]
  constructor(issues: readonly string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  ${issue}`).join('\n')}`)
    this.issues = issues
  }
}

// The value is echoed back in the error; a database URL may carry a password.
function shown(value: string): string {
  let password = ''
  try {
    password = new URL(value).password
  } catch {}
  return JSON.stringify(password ? value.replace(`:${password}@`, ':***@') : value)
}

function urlWithProtocols(protocols: string[], label: string) {
  return z.string().superRefine((value, ctx) => {
    let protocol: string | undefined
    try {
      protocol = new URL(value).protocol
    } catch {}
    if (!protocol || !protocols.includes(protocol))
      ctx.addIssue({ code: 'custom', message: `must be a ${label} URL, got ${shown(value)}` })
  })
}

const port = z.string().superRefine((value, ctx) => {
  const n = Number(value)
  if (!/^\d+$/.test(value.trim()) || !Number.isInteger(n) || n < 0 || n > 65535)
    ctx.addIssue({
      code: 'custom',
      message: `must be an integer port between 0 and 65535, got ${shown(value)}`,
    })
})

const origins = z.string().superRefine((value, ctx) => {
  for (const item of splitList(value)) {
    let ok = false
    try {
      const url = new URL(item)
      ok = (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === item
    } catch {}
    if (!ok)
      ctx.addIssue({
        code: 'custom',
        message: `each entry must be an origin like https://app.example.com (no path or trailing slash), got ${shown(item)}`,
      })
  }
})

const envSchema = z.object({
  LATCH_SERVER_PORT: port.optional(),
  LATCH_SERVER_HOST: z
    .string()
    .refine((v) => v.trim().length > 0 && !/\s/.test(v), { message: 'must be a host name or IP' })
    .optional(),
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:'], 'postgres://').optional(),
  LATCH_DATA_DIR: z.string().min(1, 'must not be empty').optional(),
  LATCH_CHAIN_RPC_URL: urlWithProtocols(['http:', 'https:'], 'http(s)://').optional(),
  LATCH_LOG_LEVEL: z
    .string()
    .refine((v): v is LogLevel => (logLevels as readonly string[]).includes(v), {
      message: `must be one of ${logLevels.join(', ')}`,
    })
    .optional(),
  REDIS_URL: urlWithProtocols(['redis:', 'rediss:'], 'redis://').optional(),
  LATCH_TRUST_PROXY: z.string().superRefine(checkTrustProxy).optional(),
  LATCH_RATE_LIMIT_ON_REDIS_FAILURE: z.enum(['closed', 'open']).optional(),
  LATCH_NAME_SUFFIX: z
    .string()
    .regex(
      /^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/,
      'must be a lower-case domain like names.example.com',
    )
    .optional(),
  LATCH_WEB_ORIGINS: origins.optional(),
  LATCH_FRAME_DIR: z.string().min(1, 'must not be empty').optional(),
  LATCH_ENV: z.enum(['production', 'development']).optional(),
  NODE_ENV: z.string().optional(),
  LATCH_DOCS: z.enum(['on', 'off']).optional(),
  LATCH_ADMIN_TOKEN: z
    .string()
    .min(MIN_ADMIN_TOKEN_LENGTH, `must be at least ${MIN_ADMIN_TOKEN_LENGTH} characters`)
    .optional(),
  ...authEnvShape,
  ...rpcEnvShape,
  ...bundlerEnvShape,
  ...paymasterEnvShape,
  ...metricsEnvShape,
  ...onrampEnvShape,
  ...swapEnvShape,
})

const TRUST_PROXY_FORMS =
  'off, the number of proxies in front of the server (e.g. 1), or their addresses/CIDRs (e.g. 10.0.0.0/8,127.0.0.1)'

/** `on` is refused: trusting every hop believes the left-most X-Forwarded-For, which the client writes. */
function checkTrustProxy(value: string, ctx: z.RefinementCtx) {
  if (value === 'off' || value === 'false' || /^[0-9]{1,2}$/.test(value)) return
  if (value === 'on' || value === 'true') {
    ctx.addIssue({
      code: 'custom',
      message: `"${value}" would let any client choose its address (the left-most X-Forwarded-For is its own); use ${TRUST_PROXY_FORMS}`,
    })
    return
  }
  for (const item of splitList(value))
    if (!isAddressOrCidr(item))
      ctx.addIssue({ code: 'custom', message: `must be ${TRUST_PROXY_FORMS}, got ${shown(item)}` })
}

function isAddressOrCidr(item: string): boolean {
  const [address = '', prefix, ...rest] = item.split('/')
  const family = isIP(address)
  if (family === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  return /^[0-9]{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128)
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0)
}

/**
 * Reads and validates the whole server configuration, every plugin's part included: plugins read
 * `app.config`, never the environment. Empty variables count as unset, so `DATABASE_URL=` in a
 * shell or .env file means "use PGlite". Every wrong variable is reported at once.
 */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const picked: Env = {}
  for (const key of Object.keys(envSchema.shape)) {
    const value = env[key]
    if (value !== undefined && value.trim() !== '') picked[key] = value.trim()
  }
  const result = envSchema.safeParse(picked)
  const issues = result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`)
  const chainRpcUrl = (result.success && result.data.LATCH_CHAIN_RPC_URL) || 'http://127.0.0.1:8545'
  let chainData: ChainDataConfig | undefined
  try {
    chainData = loadChainDataConfig(env, chainRpcUrl)
  } catch (error) {
    if (!(error instanceof ChainConfigError)) throw error
    issues.push(...error.issues)
  }
  try {
    readSocialConfig(picked)
  } catch (error) {
    if (!(error instanceof SocialConfigError)) throw error
    issues.push(error.message)
  }
  const frameDir = result.success ? checkFrameDir(result.data, cwd, issues) : undefined
  if (result.success)
    issues.push(
      ...metricsConfigIssues(
        readMetricsConfig(result.data),
        Number(result.data.LATCH_SERVER_PORT ?? 8787),
      ),
    )
  if (result.success) issues.push(...onrampConfigIssues(result.data))
  if (result.success) issues.push(...swapConfigIssues(result.data))
  const production = picked.NODE_ENV === 'production' || picked.LATCH_ENV === 'production'
  const missing = PRODUCTION_SECRETS.filter((name) => !env[name]?.trim())
  // Files beside the database would put every key in the same backup as the shares they seal.
  if (production && missing.length > 0)
    issues.push(
      `production mode (NODE_ENV or LATCH_ENV=production) needs ${missing.join(', ')} from the environment; key files are never written in production`,
    )
  if (!result.success || !chainData || issues.length > 0) throw new ConfigError(issues)
  const e = result.data
  const dataDir = e.LATCH_DATA_DIR ?? './.data'
  return {
    port: e.LATCH_SERVER_PORT === undefined ? 8787 : Number(e.LATCH_SERVER_PORT),
    host: e.LATCH_SERVER_HOST ?? '127.0.0.1',
    databaseUrl: e.DATABASE_URL,
    dataDir: dataDir === IN_MEMORY_DATA_DIR ? dataDir : path.resolve(cwd, dataDir),
    chainRpcUrl,
    logLevel: (e.LATCH_LOG_LEVEL as LogLevel | undefined) ?? 'info',
    redisUrl: e.REDIS_URL,
    webOrigins:
      e.LATCH_WEB_ORIGINS === undefined ? DEFAULT_WEB_ORIGINS : splitList(e.LATCH_WEB_ORIGINS),
    auth: readAuthConfig(e),
    chainData,
    frameDir,
    adminToken: e.LATCH_ADMIN_TOKEN,
    production,
    docs: e.LATCH_DOCS === undefined ? !production : e.LATCH_DOCS === 'on',
    trustProxy: parseTrustProxy(e.LATCH_TRUST_PROXY),
    rateLimitFailOpen: e.LATCH_RATE_LIMIT_ON_REDIS_FAILURE === 'open',
    nameSuffix: e.LATCH_NAME_SUFFIX ?? DEFAULT_NAME_SUFFIX,
    rpc: readRpcLimits(e),
    bundlers: readBundlerUrls(e),
    paymaster: readPaymasterConfig(e),
    metrics: readMetricsConfig(e),
    onramp: readOnrampConfig(e),
    swaps: readSwapConfig(e),
  }
}

function parseTrustProxy(value: string | undefined): TrustProxySetting {
  if (value === undefined || value === 'off' || value === 'false') return false
  if (/^[0-9]{1,2}$/.test(value)) return Number(value)
  return splitList(value)
}

/**
 * The key files a development server reads beside its database because the environment names no
 * secret (none in production, where the config refuses to load without them).
 */
export function localKeyFiles(config: Config): string[] {
  if (config.dataDir === IN_MEMORY_DATA_DIR) return []
  const file = (name: string) => path.join(config.dataDir, 'keys', `${name}.key`)
  return [
    ...(config.auth.authShareKey ? [] : [file('auth-share')]),
    ...(config.auth.recoveryKey ? [] : [file('recovery')]),
    ...(config.chainData.cursorSecretIsDefault ? [file('cursor')] : []),
  ]
}

/**
 * The frame's folder must hold a build, and the frame must have a host name of its own: its
 * origin keeps the key shares, so the API's pages (the OpenAPI UI among them) must never share it.
 */
function checkFrameDir(
  e: z.infer<typeof envSchema>,
  cwd: string,
  issues: string[],
): string | undefined {
  if (e.LATCH_FRAME_DIR === undefined) return undefined
  const dir = path.resolve(cwd, e.LATCH_FRAME_DIR)
  if (!fs.existsSync(path.join(dir, 'index.html')))
    issues.push(
      `LATCH_FRAME_DIR: must be the built frame's folder (with index.html), got ${shown(dir)}`,
    )
  const publicHost = e.LATCH_PUBLIC_URL ? new URL(e.LATCH_PUBLIC_URL).host : undefined
  const frameHosts = readAuthConfig(e).frameOrigins.map((origin) => new URL(origin).host)
  if (publicHost && frameHosts.includes(publicHost))
    issues.push(
      'LATCH_FRAME_ORIGINS: the frame needs a host name of its own, not the one of LATCH_PUBLIC_URL, when LATCH_FRAME_DIR is set',
    )
  return dir
}
