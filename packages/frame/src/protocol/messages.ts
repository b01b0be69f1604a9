import {
  APP_PREFIX,
  type AppEvent,
  appEvents,
  appEventType,
  errorType,
  FRAME_PREFIX,
  frameNotices,
  successType,
} from './events.js'
import {
  type AppPayload,
  appPayloads,
  type ErrorPayload,
  errorPayloadSchema,
  requestIdSchema,
  type SuccessPayload,
  successPayloads,
} from './schemas.js'

/** Largest message either side accepts, serialized: room for a big calldata, not for abuse. */
export const MAX_MESSAGE_BYTES = 512 * 1024

export type AppMessage<event extends AppEvent = AppEvent> = {
  [e in event]: { event: e; type: string; id: string; payload: AppPayload<e> }
}[event]

export type FrameAnswer<event extends AppEvent = AppEvent> =
  | { kind: 'success'; event: event; id: string; payload: SuccessPayload<event> }
  | { kind: 'error'; event: event; id: string; payload: ErrorPayload }

export type FrameNotice = { kind: 'show' } | { kind: 'hide' }

const eventSet: ReadonlySet<string> = new Set(appEvents)

export type Warn = (message: string) => void
const defaultWarn: Warn = (message) => console.warn(`[latch-frame] ${message}`)

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function tooLarge(value: unknown): boolean {
  try {
    return JSON.stringify(value).length > MAX_MESSAGE_BYTES
  } catch {
    // Cycles, BigInts, functions: nothing our peer ever sends.
    return true
  }
}

/** Keeps a message's type printable in a warning without echoing attacker-sized input. */
function label(value: unknown): string {
  const type = isRecord(value) ? value.type : undefined
  return typeof type === 'string' ? JSON.stringify(type.slice(0, 80)) : typeof value
}

/** The frame's view of an incoming message: a valid app request, or null (after a warning). */
export function parseAppMessage(data: unknown, warn: Warn = defaultWarn): AppMessage | null {
  if (!isRecord(data) || typeof data.type !== 'string' || !data.type.startsWith(APP_PREFIX)) {
    warn(`dropped a message that is not an app event (${label(data)})`)
    return null
  }
  const event = data.type.slice(APP_PREFIX.length)
  if (!eventSet.has(event)) {
    warn(`dropped an unknown app event ${label(data)}`)
    return null
  }
  const keys = Object.keys(data)
  const id = requestIdSchema.safeParse(data.id)
  const payload = appPayloads[event as AppEvent].safeParse(data.payload)
  if (
    keys.some((key) => key !== 'type' && key !== 'id' && key !== 'payload') ||
    !id.success ||
    !payload.success ||
    tooLarge(data)
  ) {
    warn(`dropped an invalid ${label(data)} event`)
    return null
  }
  return { event, type: data.type, id: id.data, payload: payload.data } as AppMessage
}

/**
 * The page's view of a message from the frame: an answer to a request, a notice, or null
 * (after a warning).
 */
export function parseFrameMessage(
  data: unknown,
  warn: Warn = defaultWarn,
): FrameAnswer | FrameNotice | null {
  if (!isRecord(data) || typeof data.type !== 'string' || !data.type.startsWith(FRAME_PREFIX)) {
    warn(`dropped a message that is not a frame event (${label(data)})`)
    return null
  }
  if (data.type === frameNotices.show) return { kind: 'show' }
  if (data.type === frameNotices.hide) return { kind: 'hide' }
  const match = /^(.*)_(SUCCESS|ERROR)$/.exec(data.type.slice(FRAME_PREFIX.length))
  const event = match?.[1]
  if (!match || !event || !eventSet.has(event)) {
    warn(`dropped an unknown frame event ${label(data)}`)
    return null
  }
  const kind = match[2] === 'SUCCESS' ? 'success' : 'error'
  const schema = kind === 'success' ? successPayloads[event as AppEvent] : errorPayloadSchema
  const id = requestIdSchema.safeParse(data.id)
  const payload = schema.safeParse(data.payload)
  if (!id.success || !payload.success || tooLarge(data)) {
    warn(`dropped an invalid ${label(data)} event`)
    return null
  }
  return { kind, event, id: id.data, payload: payload.data } as FrameAnswer
}

export function appMessage<event extends AppEvent>(
  event: event,
  id: string,
  payload: AppPayload<event>,
) {
  return { type: appEventType(event), id, payload }
}

export function successMessage<event extends AppEvent>(
  event: event,
  id: string,
  payload: SuccessPayload<event>,
) {
  return { type: successType(event), id, payload }
}

export function errorMessage(event: AppEvent, id: string, payload: ErrorPayload) {
  return { type: errorType(event), id, payload }
}
