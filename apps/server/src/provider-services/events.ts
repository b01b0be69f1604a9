import type { ErrorProps, EventBody, TrackProps } from '@latch/core/wire'
import { analyticsEvents, errorReports } from '../db/schema/provider.js'
import type { Db } from '../db/types.js'
import type { ProjectView } from './projects.js'

export interface SdkInfo {
  sdkType: string
  sdkVersion: string
}

export class EventRejectedError extends Error {
  override name = 'EventRejectedError'
}

// Client clocks drift, but a report dated outside this range is garbage, not drift.
const EARLIEST = Date.UTC(2020, 0, 1)
const LATEST_AHEAD_MS = 24 * 60 * 60 * 1000
export const MAX_PROPERTIES_JSON = 8_192

export function clientTime(timestamp: number | string, now = Date.now()): Date {
  const date = new Date(timestamp)
  const time = date.getTime()
  if (Number.isNaN(time) || time < EARLIEST || time > now + LATEST_AHEAD_MS)
    throw new EventRejectedError('timestamp is not a plausible time')
  return date
}

function checkProperties(properties: Record<string, unknown> | undefined): void {
  if (properties === undefined) return
  const json = JSON.stringify(properties)
  if (json.length > MAX_PROPERTIES_JSON)
    throw new EventRejectedError(`props.properties exceeds ${MAX_PROPERTIES_JSON} characters`)
  // Nested strings escape the schema's per-field check.
  if (hasUnstorableText(properties))
    throw new EventRejectedError('props.properties contains NUL or a lone surrogate')
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what Postgres rejects.
const unstorable = /[\u0000\p{Cs}]/u

function hasUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return unstorable.test(value)
  if (Array.isArray(value)) return value.some(hasUnstorableText)
  if (value !== null && typeof value === 'object')
    return Object.entries(value).some(
      ([key, item]) => unstorable.test(key) || hasUnstorableText(item),
    )
  return false
}

export type StoreOutcome = 'stored' | 'duplicate' | 'analytics-disabled'

/** Stores an error report; a repeated `eventId` of the same project is kept once. */
export async function storeErrorReport(
  db: Db,
  project: ProjectView,
  sdk: SdkInfo,
  body: EventBody & { props: ErrorProps },
): Promise<StoreOutcome> {
  const rows = await db
    .insert(errorReports)
    .values({
      projectId: project.id,
      eventId: body.eventId,
      url: body.url,
      domain: body.domain,
      clientTimestamp: clientTime(body.timestamp),
      sdkType: sdk.sdkType,
      sdkVersion: sdk.sdkVersion,
      event: body.props.event,
      errorType: body.props.errorType,
      errorMessage: body.props.errorMessage,
      stackTrace: body.props.stackTrace ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: errorReports.id })
  return rows.length > 0 ? 'stored' : 'duplicate'
}

/** Stores an analytics event only when the project enables analytics. */
export async function storeAnalyticsEvent(
  db: Db,
  project: ProjectView,
  sdk: SdkInfo,
  body: EventBody & { props: TrackProps },
): Promise<StoreOutcome> {
  const clientTimestamp = clientTime(body.timestamp)
  checkProperties(body.props.properties)
  if (!project.analyticsEnabled) return 'analytics-disabled'
  const rows = await db
    .insert(analyticsEvents)
    .values({
      projectId: project.id,
      eventId: body.eventId,
      url: body.url,
      domain: body.domain,
      clientTimestamp,
      sdkType: sdk.sdkType,
      sdkVersion: sdk.sdkVersion,
      event: body.props.event,
      address: body.props.address ?? null,
      properties: body.props.properties ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: analyticsEvents.id })
  return rows.length > 0 ? 'stored' : 'duplicate'
}
