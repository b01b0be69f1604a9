/**
 * docs/behaviour.md#wire: every app event the page may send to the frame. Each has a `_SUCCESS` and an `_ERROR`
 * counterpart that the frame answers with, carrying the request's id.
 */
export const appEvents = [
  'SWITCH_NETWORK',
  'CONNECT_EMAIL',
  'CONNECT_SOCIAL',
  'CONNECT_FARCASTER',
  'GET_USER',
  'SIGN_OUT',
  'IS_CONNECTED',
  'GET_CHAIN_ID',
  'GET_SMART_ACCOUNT_ENABLED_NETWORKS',
  'INIT_SMART_ACCOUNT',
  'SET_PREFERRED_ACCOUNT',
  'RPC_REQUEST',
  'UPDATE_EMAIL',
  'UPDATE_EMAIL_PRIMARY_OTP',
  'UPDATE_EMAIL_SECONDARY_OTP',
  'SYNC_THEME',
  'SYNC_DAPP_DATA',
  'RELOAD',
  'RPC_ABORT',
] as const

export type AppEvent = (typeof appEvents)[number]

export const APP_PREFIX = '@latch-app/'
export const FRAME_PREFIX = '@latch-frame/'

/** Wire name of an app event, e.g. `@latch-app/CONNECT_EMAIL`. */
export type AppEventType<event extends AppEvent = AppEvent> = `${typeof APP_PREFIX}${event}`
export type SuccessEventType<event extends AppEvent = AppEvent> =
  `${typeof FRAME_PREFIX}${event}_SUCCESS`
export type ErrorEventType<event extends AppEvent = AppEvent> =
  `${typeof FRAME_PREFIX}${event}_ERROR`

export const appEventType = <event extends AppEvent>(event: event): AppEventType<event> =>
  `${APP_PREFIX}${event}`
export const successType = <event extends AppEvent>(event: event): SuccessEventType<event> =>
  `${FRAME_PREFIX}${event}_SUCCESS`
export const errorType = <event extends AppEvent>(event: event): ErrorEventType<event> =>
  `${FRAME_PREFIX}${event}_ERROR`

/**
 * Frame events that answer no request: the readiness announcement (it carries the
 * MessagePort every later message travels on) and the requests to show or hide the frame.
 */
export const frameNotices = {
  ready: `${FRAME_PREFIX}READY`,
  show: `${FRAME_PREFIX}SHOW`,
  hide: `${FRAME_PREFIX}HIDE`,
} as const

/**
 * Sign-ins the visitor finishes in the frame's own window (docs/custody.md#sign-in-in-the-frame):
 * the code, the device approval, the provider's popup or the Farcaster app. The page waits for
 * them up to `signInTimeoutMs` (10 minutes, a code's life) before 'iframe_request_timeout'.
 */
export const connectEvents: readonly AppEvent[] = [
  'CONNECT_EMAIL',
  'CONNECT_SOCIAL',
  'CONNECT_FARCASTER',
]
