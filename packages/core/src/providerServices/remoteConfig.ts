import type { ApiClient } from '../api/client.js'
import type { RemoteFeatureEntry } from '../api/types.js'
import { coreLog } from '../logger/sink.js'
import { defaultFeatures } from '../stores/options.js'
import { type ProviderAlert, providerAlerts } from './alerts.js'

/** The flags a project controls remotely (docs/behaviour.md#access). */
export interface RemoteFeatures {
  email: boolean
  socials: readonly string[] | false
  swaps: boolean
  onramp: boolean
  activity: boolean
  branding: boolean
  multiWallet: boolean
}

export type RemoteFeatureKey = keyof RemoteFeatures

/** docs/behaviour.md#limits defaults, used for any flag neither the project nor the app sets. */
export const defaultRemoteFeatures: RemoteFeatures = {
  email: defaultFeatures.email,
  socials: defaultFeatures.socials,
  swaps: defaultFeatures.swaps,
  onramp: defaultFeatures.onramp,
  activity: defaultFeatures.activity,
  branding: true,
  multiWallet: defaultFeatures.multiWallet,
}

function entry(remote: readonly RemoteFeatureEntry[], id: string) {
  const found = remote.find((f) => f.id === id)
  // A null config defers to the app, as in the reference.
  return found && found.config !== null ? found : undefined
}

/** What the project sets, key by key; a key it leaves to the app is absent. */
function remoteValues(remote: readonly RemoteFeatureEntry[]): Partial<RemoteFeatures> {
  const values: Partial<RemoteFeatures> = {}
  const social = entry(remote, 'social_login')
  if (social) {
    const list = social.isEnabled ? (social.config ?? []) : []
    values.email = list.includes('email')
    const socials = list.filter((s) => s !== 'email')
    values.socials = socials.length > 0 ? socials : false
  }
  const flag = (id: string) => {
    const found = entry(remote, id)
    return found ? Boolean(found.isEnabled) : undefined
  }
  const set = <key extends RemoteFeatureKey>(key: key, value: RemoteFeatures[key] | undefined) => {
    if (value !== undefined) values[key] = value
  }
  set('swaps', flag('swap'))
  set('onramp', flag('onramp'))
  set('activity', flag('activity'))
  set('branding', flag('reown_branding'))
  set('multiWallet', flag('multi_wallet'))
  return values
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/**
 * Remote over local over defaults. `overridden` lists the keys the app set locally to a value
 * the project's remote config replaced: those get the warning notice of docs/behaviour.md#access.
 */
export function mergeRemoteFeatures(
  local: Partial<RemoteFeatures>,
  remote: readonly RemoteFeatureEntry[] | null,
): { features: RemoteFeatures; overridden: RemoteFeatureKey[] } {
  const fromRemote = remote ? remoteValues(remote) : {}
  const features = { ...defaultRemoteFeatures }
  const overridden: RemoteFeatureKey[] = []
  for (const key of Object.keys(features) as RemoteFeatureKey[]) {
    const localValue = local[key]
    const remoteValue = fromRemote[key]
    if (remoteValue !== undefined) {
      if (localValue !== undefined && !same(localValue, remoteValue)) overridden.push(key)
      ;(features as Record<string, unknown>)[key] = remoteValue
    } else if (localValue !== undefined) {
      ;(features as Record<string, unknown>)[key] = localValue
    }
  }
  return { features, overridden }
}

export interface RemoteConfigResult {
  features: RemoteFeatures
  /** 'remote' when the project's config arrived; 'local' when the fetch failed. */
  source: 'remote' | 'local'
  alerts: ProviderAlert[]
}

/**
 * Fetches the project's flags and merges them over the app's. A failed fetch logs a warning and
 * falls back to the app's settings and the docs/behaviour.md#limits defaults (docs/behaviour.md#wire).
 */
export async function loadRemoteFeatures(input: {
  api: Pick<ApiClient, 'getRemoteConfig'>
  local: Partial<RemoteFeatures>
  logger?: Pick<Console, 'warn'> | undefined
}): Promise<RemoteConfigResult> {
  const logger = input.logger ?? coreLog
  let remote: RemoteFeatureEntry[] | null = null
  try {
    remote = await input.api.getRemoteConfig()
  } catch (error) {
    logger.warn(
      '[Latch] Failed to fetch the remote project configuration; using local settings and defaults.',
      error,
    )
  }
  const { features, overridden } = mergeRemoteFeatures(input.local, remote)
  return {
    features,
    source: remote ? 'remote' : 'local',
    alerts: overridden.length > 0 ? [providerAlerts.localConfigOverridden(overridden)] : [],
  }
}

/** The 'Multi-Wallet Not Enabled' info alert when a second connection is attempted without it. */
export function multiWalletAlert(
  features: Pick<RemoteFeatures, 'multiWallet'>,
): ProviderAlert | null {
  return features.multiWallet ? null : providerAlerts.multiWalletNotEnabled()
}
