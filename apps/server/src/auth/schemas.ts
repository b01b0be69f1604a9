import { type Static, Type } from 'typebox'
import { errorResponses } from '../http/errors.js'

/**
 * Request and response schemas of the auth routes, in TypeBox like every route: Fastify's Ajv
 * validates them (a failure is a 400 VALIDATION_ERROR, the value never echoed), responses are
 * serialised from them, and /docs shows them.
 */

// Surrounding spaces are allowed and trimmed by `normalEmail`; the frame sends what was typed.
export const Email = Type.String({
  maxLength: 300,
  pattern: '^\\s*[^\\s@]{1,64}@[^\\s@.]+(\\.[^\\s@.]+)+\\s*$',
  description: 'Email address',
})
export const Otp = Type.String({ pattern: '^\\d{6}$', description: 'Six-digit code' })
/** A random id the frame keeps in its own storage; 22+ url-safe characters. */
export const DeviceId = Type.String({ pattern: '^[A-Za-z0-9_-]{22,128}$' })
export const ProjectId = Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' })
// A share of a 16- or 32-byte secret is one byte longer; base64 of that is under 64 characters.
const Share = Type.String({ pattern: '^[A-Za-z0-9+/]{4,120}={0,2}$' })
const EvmAddress = Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' })
const SolanaAddress = Type.String({ pattern: '^[1-9A-HJ-NP-Za-km-z]{32,44}$' })
const Nullable = <schema extends ReturnType<typeof Type.String>>(schema: schema) =>
  Type.Union([schema, Type.Null()])

/** The one normal form of an address: trimmed, lower case (254 characters at most). */
export function normalEmail(email: string): string {
  return email.trim().toLowerCase()
}

export const SignInBody = Type.Object({ projectId: ProjectId, email: Email, deviceId: DeviceId })
export const VerifyBody = Type.Object({
  projectId: ProjectId,
  email: Email,
  deviceId: DeviceId,
  otp: Otp,
})
export const NewWalletBody = Type.Object({
  evmAddress: EvmAddress,
  solanaAddress: SolanaAddress,
  authShare: Share,
  recoveryShare: Share,
})
export type NewWalletBody = Static<typeof NewWalletBody>
export const EmptyBody = Type.Object({}, { description: 'An empty JSON object' })

export const Account = Type.Object({
  email: Nullable(
    Type.String({ description: 'Null for a social account without a verified email' }),
  ),
  evmAddress: Nullable(Type.String()),
  solanaAddress: Nullable(Type.String()),
  socialProvider: Type.Optional(
    Nullable(Type.String({ description: 'The provider of a social sign-in, else null' })),
  ),
  username: Type.Optional(Nullable(Type.String({ description: "The provider's user name" }))),
})
export const Session = Type.Object({
  token: Type.String({ description: 'Bearer token for the other auth routes' }),
  expiresAt: Type.String({ description: 'ISO 8601' }),
  user: Account,
})
export const Addresses = Type.Object({
  evmAddress: Nullable(Type.String()),
  solanaAddress: Nullable(Type.String()),
})
export const AuthShare = Type.Object({
  authShare: Type.String(),
  evmAddress: Nullable(Type.String()),
  solanaAddress: Nullable(Type.String()),
})
export const RecoveryShares = Type.Object({
  authShare: Type.String(),
  recoveryShare: Type.String(),
  evmAddress: Nullable(Type.String()),
  solanaAddress: Nullable(Type.String()),
})
export const Action = <const actions extends string[]>(...actions: actions) =>
  Type.Object({ action: Type.Enum(actions) })

/** Answers every auth route can give besides its own. */
export const authErrors = errorResponses({
  400: 'VALIDATION_ERROR or a route-specific code',
  429: 'RATE_LIMITED or EMAIL_THROTTLED: wait the seconds the message names',
})
export const sessionErrors = errorResponses({
  400: 'VALIDATION_ERROR or a route-specific code',
  401: 'No valid session token',
  429: 'RATE_LIMITED: wait the seconds the message names',
})
export const projectErrors = errorResponses({
  403: 'INVALID_PROJECT_ID, or on verify DEVICE_NOT_VERIFIED or ORIGIN_NOT_ALLOWED (the latch-page-origin header is not on the allow-list)',
})
