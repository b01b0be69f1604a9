import { z } from 'zod/mini'
import type { AppEvent } from './events.js'

// Every message crossing the frame boundary is checked against these, on both sides.
// Bounds keep a hostile peer from making either side parse or store something huge.

const text = (max: number) => z.string().check(z.maxLength(max))
export const requestIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/))
export const emailSchema = z.string().check(z.maxLength(254), z.email())
export const otpSchema = z.string().check(z.regex(/^\d{6}$/))
const chainIdSchema = z.union([
  z.number().check(z.int(), z.positive()),
  z.string().check(z.regex(/^([a-z0-9-]{3,8}:)?[-_a-zA-Z0-9]{1,32}$/)),
])
export const accountTypeSchema = z.enum(['eoa', 'smartAccount'])
export const socialProviderSchema = z.enum([
  'google',
  'github',
  'apple',
  'facebook',
  'x',
  'discord',
])
const empty = z.optional(z.strictObject({}))

// JSON-RPC params: any JSON value, bounded in depth by the structured-clone it crossed and in
// size by the check in messages.ts.
const jsonValue = z.unknown()

export const userSchema = z.strictObject({
  email: z.optional(z.nullable(emailSchema)),
  address: text(128),
  chainId: chainIdSchema,
  accounts: z.optional(
    z.array(z.strictObject({ address: text(128), type: accountTypeSchema })).check(z.maxLength(8)),
  ),
  userName: z.optional(text(254)),
  preferredAccountType: z.optional(accountTypeSchema),
  smartAccountDeployed: z.optional(z.boolean()),
})
export type EmbeddedUser = z.infer<typeof userSchema>

/**
 * A theme variable's value: a CSS value of plain tokens (`#2b59d9`, `4px`, `rgb(1, 2, 3)`,
 * `calc(…)`). No `;`, braces, quotes, slashes or backslashes, and no function but the colour and
 * arithmetic ones, so no value can close a declaration or load anything (`url(`, `image(`, …).
 */
const CSS_FUNCTIONS = new Set(['rgb', 'rgba', 'hsl', 'hsla', 'calc', 'color-mix'])
export function isSafeCssValue(value: string): boolean {
  if (!/^[#%.,\w\s()+*-]*$/.test(value)) return false
  for (const [, name] of value.matchAll(/([\w-]*)\s*\(/g))
    if (!CSS_FUNCTIONS.has((name ?? '').toLowerCase())) return false
  return true
}
const cssValue = z.union([
  z.string().check(z.maxLength(64), z.refine(isSafeCssValue)),
  z.number().check(z.refine(Number.isFinite)),
])
export const THEME_VARIABLE_NAME = /^--latch-[a-z0-9-]{1,48}$/

export const themeSchema = z.strictObject({
  themeMode: z.optional(z.enum(['light', 'dark'])),
  themeVariables: z.optional(
    z
      .record(z.string().check(z.regex(THEME_VARIABLE_NAME)), cssValue)
      .check(z.refine((vars) => Object.keys(vars).length <= 32)),
  ),
})

/**
 * A BCP-47 language tag for the frame's texts ('de', 'de-AT', 'en-GB', 'zh-Hant-TW'): letters,
 * digits and hyphens in the tag's shape only, and short, so nothing else rides along with it.
 */
export const LOCALE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,3}$/
export const localeSchema = z.string().check(z.maxLength(35), z.regex(LOCALE_TAG))

export const dappDataSchema = z.strictObject({
  metadata: z.optional(
    z.strictObject({
      name: text(200),
      description: text(1000),
      url: text(2048),
      icons: z.array(text(2048)).check(z.maxLength(8)),
    }),
  ),
  sdkVersion: z.optional(text(64)),
  projectId: z.optional(text(64)),
  locale: z.optional(localeSchema),
})

export const rpcRequestSchema = z.strictObject({
  method: z.string().check(z.regex(/^[A-Za-z0-9_]{1,64}$/)),
  params: z.optional(jsonValue),
  chainId: z.optional(chainIdSchema),
})

/** What each app event carries. */
export const appPayloads = {
  SWITCH_NETWORK: z.strictObject({ chainId: chainIdSchema }),
  // The page names the address; the code, the approval and the rest happen in the frame.
  CONNECT_EMAIL: z.strictObject({ email: emailSchema }),
  CONNECT_SOCIAL: z.strictObject({ provider: socialProviderSchema }),
  CONNECT_FARCASTER: empty,
  GET_USER: z.optional(
    z.strictObject({
      chainId: z.optional(chainIdSchema),
      preferredAccountType: z.optional(accountTypeSchema),
    }),
  ),
  SIGN_OUT: empty,
  IS_CONNECTED: empty,
  GET_CHAIN_ID: empty,
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: empty,
  INIT_SMART_ACCOUNT: empty,
  SET_PREFERRED_ACCOUNT: z.strictObject({ type: accountTypeSchema }),
  RPC_REQUEST: rpcRequestSchema,
  UPDATE_EMAIL: z.strictObject({ email: emailSchema }),
  UPDATE_EMAIL_PRIMARY_OTP: z.strictObject({ otp: otpSchema }),
  UPDATE_EMAIL_SECONDARY_OTP: z.strictObject({ otp: otpSchema }),
  SYNC_THEME: themeSchema,
  SYNC_DAPP_DATA: dappDataSchema,
  RELOAD: empty,
  RPC_ABORT: empty,
} satisfies Record<AppEvent, z.ZodMiniType>

/** What each success answer carries. */
export const successPayloads = {
  SWITCH_NETWORK: z.strictObject({ chainId: chainIdSchema }),
  // Outcomes only: the page learns that the visitor signed in, never how.
  CONNECT_EMAIL: empty,
  CONNECT_SOCIAL: userSchema,
  CONNECT_FARCASTER: z.strictObject({ userName: text(254) }),
  GET_USER: userSchema,
  SIGN_OUT: empty,
  IS_CONNECTED: z.strictObject({ isConnected: z.boolean() }),
  GET_CHAIN_ID: z.strictObject({ chainId: chainIdSchema }),
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: z.strictObject({
    smartAccountEnabledNetworks: z.array(z.number()).check(z.maxLength(256)),
  }),
  INIT_SMART_ACCOUNT: z.strictObject({ address: text(128), isDeployed: z.boolean() }),
  SET_PREFERRED_ACCOUNT: z.strictObject({ type: accountTypeSchema, address: text(128) }),
  RPC_REQUEST: z.strictObject({ result: jsonValue }),
  UPDATE_EMAIL: z.strictObject({
    action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']),
  }),
  UPDATE_EMAIL_PRIMARY_OTP: empty,
  UPDATE_EMAIL_SECONDARY_OTP: z.strictObject({ newEmail: emailSchema }),
  SYNC_THEME: empty,
  SYNC_DAPP_DATA: empty,
  RELOAD: empty,
  RPC_ABORT: empty,
} satisfies Record<AppEvent, z.ZodMiniType>

export type AppPayload<event extends AppEvent> = z.output<(typeof appPayloads)[event]>
export type SuccessPayload<event extends AppEvent> = z.output<(typeof successPayloads)[event]>

export const errorPayloadSchema = z.strictObject({
  message: text(1000),
  /** An EIP-1193 / JSON-RPC code when there is one (4001 user rejected, …). */
  code: z.optional(z.number().check(z.int())),
  /** Seconds until the next try is allowed, for throttled sends. */
  retryAfter: z.optional(z.number()),
})
export type ErrorPayload = z.infer<typeof errorPayloadSchema>
