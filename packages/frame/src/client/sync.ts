import {
  type AppPayload,
  appPayloads,
  isSafeCssValue,
  localeSchema,
  THEME_VARIABLE_NAME,
  type Warn,
} from '../protocol/index.js'

/** The app's theme as the page knows it (`themeMode`, `themeVariables` of the app's config). */
export interface AppTheme {
  themeMode?: 'light' | 'dark' | undefined
  themeVariables?: Readonly<Record<string, string | number | undefined>> | undefined
}

export interface AppMetadata {
  name: string
  description: string
  url: string
  icons: readonly string[]
}

/** At most `max` UTF-16 units (the schema's measure), never half of a surrogate pair. */
function clip(value: string, max: number): string {
  if (value.length <= max) return value
  const cut = value.slice(0, max)
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut
}

/**
 * The SYNC_THEME payload: the frame drops a whole event that fails its schema (with a warning,
 * and no answer), so a variable it would refuse is left out here, with a warning, and the rest
 * still goes.
 */
export function themePayload(theme: AppTheme, warn?: Warn): AppPayload<'SYNC_THEME'> {
  const themeVariables: Record<string, string | number> = {}
  for (const [name, value] of Object.entries(theme.themeVariables ?? {})) {
    if (value === undefined) continue
    const ok =
      THEME_VARIABLE_NAME.test(name) &&
      (typeof value === 'number'
        ? Number.isFinite(value)
        : value.length <= 64 && isSafeCssValue(value))
    if (ok && Object.keys(themeVariables).length < 32) themeVariables[name] = value
    else warn?.(`theme variable ${JSON.stringify(name.slice(0, 64))} is not sent to the frame`)
  }
  return {
    ...(theme.themeMode ? { themeMode: theme.themeMode } : {}),
    ...(Object.keys(themeVariables).length ? { themeVariables } : {}),
  }
}

/** The SYNC_DAPP_DATA payload, cut to the frame's bounds; icons it would refuse are left out. */
export function dappDataPayload(data: {
  metadata?: AppMetadata | undefined
  projectId?: string | undefined
  sdkVersion?: string | undefined
  /** The frame's language (BCP-47); one the schema refuses is left out, so the frame keeps its own. */
  locale?: string | undefined
}): AppPayload<'SYNC_DAPP_DATA'> {
  const { metadata } = data
  const payload: AppPayload<'SYNC_DAPP_DATA'> = {
    ...(metadata
      ? {
          metadata: {
            name: clip(metadata.name, 200),
            description: clip(metadata.description, 1000),
            url: clip(metadata.url, 2048),
            icons: metadata.icons.filter((icon) => icon.length <= 2048).slice(0, 8),
          },
        }
      : {}),
    ...(data.projectId ? { projectId: clip(data.projectId, 64) } : {}),
    ...(data.sdkVersion ? { sdkVersion: clip(data.sdkVersion, 64) } : {}),
    ...(data.locale && localeSchema.safeParse(data.locale).success ? { locale: data.locale } : {}),
  }
  // Whatever the app put in its config, what goes is what the frame accepts.
  return appPayloads.SYNC_DAPP_DATA.safeParse(payload).success ? payload : {}
}
