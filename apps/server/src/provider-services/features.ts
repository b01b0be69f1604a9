import type { RemoteFeatureEntry, RemoteFeatureId } from '@latch/core/wire'
import { type SwapConfig, swapProviderName } from '../chains/eip155/convert/config.js'
import { type OnrampConfig, onrampProviderIds } from '../onramp/config.js'
/** Social login providers a project may enable (docs/behaviour.md#state). */
export const socialProviders = [
  'google',
  'x',
  'farcaster',
  'discord',
  'apple',
  'github',
  'facebook',
] as const
export type SocialProvider = (typeof socialProviders)[number]

/** A project's remote feature flags (docs/behaviour.md#access), as stored in `projects.features`. */
export interface ProjectFeatures {
  email: boolean
  /** Enabled social providers; empty turns social login off. */
  socials: SocialProvider[]
  swaps: boolean
  onramp: boolean
  activity: boolean
  branding: boolean
  multiWallet: boolean
}

/** docs/behaviour.md#limits: email, socials, swaps, on-ramp and activity on; multi-wallet off. */
export const defaultProjectFeatures: ProjectFeatures = {
  email: true,
  socials: [...socialProviders],
  swaps: true,
  onramp: true,
  activity: true,
  branding: true,
  multiWallet: false,
}

/**
 * What this server can actually serve, whatever a project enables: a flag is advertised only
 * when both agree, so no client shows a button that cannot work (issue #14, honest config).
 */
export interface ServerCapabilities {
  /** Email sign-in: only with an SMTP server to send the codes. */
  email: boolean
  /** Social providers with OAuth credentials configured. */
  socials: readonly SocialProvider[]
  /** The swap provider's name, or null when none is configured. */
  swapProvider: string | null
  /** The on-ramp provider's name, or null when none is configured. */
  onrampProvider: string | null
}

/**
 * This server's capabilities from its configuration: a social provider is offered only with its
 * OAuth client configured, Farcaster only with an Optimism RPC to read its ID registry. On-ramp
 * only with a provider's keys (onramp/config.ts); swaps only with a DEX router or an aggregator
 * configured (chains/eip155/convert/config.ts).
 */
export function serverCapabilities(config: {
  auth: {
    smtpUrl: string | undefined
    social: Partial<Record<string, unknown>>
    farcaster?: { rpcUrl: string } | undefined
  }
  onramp?: OnrampConfig
  swaps?: SwapConfig
}): ServerCapabilities {
  const { auth } = config
  return {
    email: auth.smtpUrl !== undefined,
    socials: socialProviders.filter((provider) =>
      provider === 'farcaster' ? auth.farcaster !== undefined : auth.social[provider] !== undefined,
    ),
    swapProvider: swapProviderName(config.swaps),
    onrampProvider: config.onramp ? (onrampProviderIds(config.onramp)[0] ?? null) : null,
  }
}

function isSocial(value: unknown): value is SocialProvider {
  return (socialProviders as readonly unknown[]).includes(value)
}

/** Reads the stored JSON leniently: unknown keys and wrong types fall back to the defaults. */
export function readProjectFeatures(
  stored: Record<string, unknown> | null | undefined,
): ProjectFeatures {
  const s = stored ?? {}
  const bool = (key: keyof ProjectFeatures) =>
    typeof s[key] === 'boolean' ? (s[key] as boolean) : (defaultProjectFeatures[key] as boolean)
  const socials = Array.isArray(s.socials)
    ? [...new Set(s.socials.filter(isSocial))]
    : [...defaultProjectFeatures.socials]
  return {
    email: bool('email'),
    socials,
    swaps: bool('swaps'),
    onramp: bool('onramp'),
    activity: bool('activity'),
    branding: bool('branding'),
    multiWallet: bool('multiWallet'),
  }
}

/**
 * What this server sends: never null, since in the reference a null means "use the app's local
 * value", and a Latch project is authoritative for every flag it serves.
 */
export type ServedFeatureEntry = RemoteFeatureEntry & {
  id: RemoteFeatureId
  isEnabled: boolean
  config: string[]
}

/** The wire form of a project's flags, in the reference's shape, limited to what the server serves. */
export function toRemoteFeatures(
  features: ProjectFeatures,
  server: ServerCapabilities,
): ServedFeatureEntry[] {
  const social = [
    ...(features.email && server.email ? ['email'] : []),
    ...features.socials.filter((provider) => server.socials.includes(provider)),
  ]
  const swap = features.swaps ? server.swapProvider : null
  const onramp = features.onramp ? server.onrampProvider : null
  return [
    { id: 'social_login', isEnabled: social.length > 0, config: social },
    { id: 'swap', isEnabled: swap !== null, config: swap ? [swap] : [] },
    { id: 'onramp', isEnabled: onramp !== null, config: onramp ? [onramp] : [] },
    { id: 'activity', isEnabled: features.activity, config: [] },
    { id: 'reown_branding', isEnabled: features.branding, config: [] },
    { id: 'multi_wallet', isEnabled: features.multiWallet, config: [] },
  ]
}
