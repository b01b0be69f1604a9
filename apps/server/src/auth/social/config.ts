import { z } from 'zod'

/** The six OAuth providers of docs/behaviour.md#state; Farcaster signs in without OAuth. */
export const OAUTH_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number]

export interface OAuthClientConfig {
  clientId: string
  clientSecret: string
  /**
   * Where the provider's endpoints are, when not at the provider itself: a test or staging
   * issuer that serves the real endpoints' paths (the dev identity provider does).
   */
  issuer: string | undefined
}

/** `LATCH_SOCIAL_<PROVIDER>_{CLIENT_ID,CLIENT_SECRET,ISSUER}`; a provider needs id and secret. */
export type SocialConfig = Partial<Record<OAuthProvider, OAuthClientConfig>>

const envName = (provider: OAuthProvider, part: 'CLIENT_ID' | 'CLIENT_SECRET' | 'ISSUER') =>
  `LATCH_SOCIAL_${provider.toUpperCase()}_${part}` as const

/** An http(s) URL setting; shared with the other auth settings. */
export const httpUrl = z.string().refine(
  (value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol)
    } catch {
      return false
    }
  },
  { message: 'must be an http(s) URL' },
)

/** Spread into the server's env schema, so these are validated with every other variable. */
export const socialEnvShape = Object.fromEntries(
  OAUTH_PROVIDERS.flatMap((provider) => [
    [envName(provider, 'CLIENT_ID'), z.string().min(1).max(512).optional()],
    [envName(provider, 'CLIENT_SECRET'), z.string().min(1).max(4096).optional()],
    [envName(provider, 'ISSUER'), httpUrl.optional()],
  ]),
) as Record<string, z.ZodOptional<z.ZodString>>

export class SocialConfigError extends Error {
  override name = 'SocialConfigError'
}

export function readSocialConfig(env: Record<string, string | undefined>): SocialConfig {
  const config: SocialConfig = {}
  for (const provider of OAUTH_PROVIDERS) {
    const clientId = env[envName(provider, 'CLIENT_ID')]
    const clientSecret = env[envName(provider, 'CLIENT_SECRET')]
    if (!clientId && !clientSecret) continue
    // Half a configuration is a typo, not a wish to turn the provider off.
    if (!clientId || !clientSecret)
      throw new SocialConfigError(
        `${provider}: set both ${envName(provider, 'CLIENT_ID')} and ${envName(provider, 'CLIENT_SECRET')}`,
      )
    config[provider] = { clientId, clientSecret, issuer: env[envName(provider, 'ISSUER')] }
  }
  return config
}
