import { errorMessages } from '@latch/core'
import {
  type AppEvent,
  type AppPayload,
  appMessage,
  connectEvents,
  type FrameAnswer,
  frameNotices,
  parseFrameMessage,
  type SuccessPayload,
  type Warn,
} from '../protocol/index.js'
import { createFrameElement, type FrameQuery, frameSrc, setFrameVisible } from './element.js'
import {
  FrameClosedError,
  FrameLoadError,
  FrameOriginNotAllowedError,
  FrameRequestTimeoutError,
  FrameResponseError,
  RequestAbortedError,
} from './errors.js'
import { isFromPeer, toOrigin } from './trust.js'

/**
 * docs/behaviour.md#limits. A sign-in now waits for the visitor in the frame's own window (the
 * code from the mail, the provider's popup, the Farcaster app), so it may take as long as a
 * code lives (10 minutes) before 'iframe_request_timeout'.
 */
export const frameTimings = {
  readyDelayMs: 500,
  readyTimeoutMs: 20_000,
  connectTimeoutMs: 600_000,
}

export interface FrameClientOptions extends FrameQuery {
  /** Where the secure frame is served, e.g. http://127.0.0.1:5174/ */
  frameUrl: string
  /** Defaults to document.body. */
  parent?: HTMLElement | undefined
  /**
   * Called with the code of an alert of docs/behaviour.md#errors ('iframe_load_failed',
   * 'iframe_request_timeout', 'Action not allowed') and the sentence a visitor reads for it.
   */
  onAlert?: ((alert: string, message: string) => void) | undefined
  /** Called as the frame asks to be shown or hidden (its approval and sign-in views). */
  onVisible?: ((visible: boolean) => void) | undefined
  warn?: Warn | undefined
  timings?: Partial<typeof frameTimings> | undefined
  /**
   * Asks the server whether the page's origin may use the project (`rpcUrl` is the server), to
   * raise 'unverified_domain' at once. Default: the page's fetch.
   */
  fetch?: typeof fetch | undefined
}

export interface FrameClient {
  readonly iframe: HTMLIFrameElement
  readonly frameOrigin: string
  /** Resolves once the frame announced itself and the 500 ms settle delay passed. */
  ready(): Promise<void>
  request<event extends AppEvent>(
    event: event,
    payload: AppPayload<event>,
    options?: { signal?: AbortSignal | undefined },
  ): Promise<SuccessPayload<event>>
  /** Rejects every waiting RPC request with 'Request was aborted' and tells the frame. */
  abortRpcRequests(): void
  destroy(): void
}

interface Pending {
  event: AppEvent
  resolve(value: unknown): void
  reject(error: Error): void
  cleanup(): void
}

let counter = 0
function requestId(): string {
  counter = (counter + 1) % 1_000_000
  const random = crypto.getRandomValues(new Uint32Array(2))
  return `${random[0]!.toString(36)}${random[1]!.toString(36)}-${counter}`
}

/**
 * The page side of the frame protocol. The frame announces itself with a MessagePort that only
 * a window at an allowed origin can receive; every request and answer then travels on that port,
 * so nothing is ever posted to a window, let alone to '*'.
 */
export function createFrameClient(options: FrameClientOptions): FrameClient {
  const timings = { ...frameTimings, ...options.timings }
  const warn = options.warn
  const frameOrigin = toOrigin(options.frameUrl)
  const parent = options.parent ?? document.body
  const iframe = createFrameElement(frameSrc(options.frameUrl, options), parent)
  const view = parent.ownerDocument.defaultView ?? window
  const pending = new Map<string, Pending>()
  let port: MessagePort | undefined
  let destroyed = false

  let markReady!: () => void
  let failReady!: (error: Error) => void
  const readyPromise = new Promise<void>((resolve, reject) => {
    markReady = resolve
    failReady = reject
  })
  // A caller that never awaits ready() must not see an unhandled rejection.
  readyPromise.catch(() => {})

  const readyTimer = setTimeout(() => {
    const error = new FrameLoadError()
    options.onAlert?.(error.alert, error.message)
    failReady(error)
    stopListening()
  }, timings.readyTimeoutMs)

  const onWindowMessage = (event: MessageEvent) => {
    if (!isFromPeer(event, { origin: frameOrigin, source: iframe.contentWindow })) return
    const data = event.data as { type?: unknown } | null
    if (data?.type !== frameNotices.ready || event.ports.length !== 1 || port) return
    clearTimeout(readyTimer)
    stopListening()
    const channel = event.ports[0]!
    setTimeout(() => {
      if (destroyed) return channel.close()
      port = channel
      port.onmessage = (message) => onAnswer(message.data)
      port.start()
      markReady()
    }, timings.readyDelayMs)
  }
  const stopListening = () => view.removeEventListener('message', onWindowMessage)
  view.addEventListener('message', onWindowMessage)
  diagnoseOrigin()

  /**
   * A page off the project's allow-list never hears from the frame: the frame refuses it, or the
   * browser never renders it (frame-ancestors). Asking the server the frame's own question, with
   * the page's origin, says so at once as 'unverified_domain' rather than as 'iframe_load_failed'
   * 20 s later. Diagnosis only: the answer grants nothing, and an unreachable server leaves the
   * load timeout in charge.
   */
  function diagnoseOrigin() {
    const origin = view.location?.origin
    const ask = options.fetch ?? globalThis.fetch?.bind(globalThis)
    if (!origin || origin === 'null' || !options.rpcUrl || !ask) return
    // Under the server's own path, as the frame asks it (app/api.ts).
    const url = new URL(`${options.rpcUrl.replace(/\/+$/, '')}/auth/v1/frame/origin`)
    url.searchParams.set('projectId', options.projectId)
    url.searchParams.set('origin', origin)
    ask(url.href)
      .then((response) => (response.ok ? response.json() : undefined))
      .then((answer: { allowed?: unknown } | undefined) => {
        if (answer?.allowed !== false || port || destroyed) return
        clearTimeout(readyTimer)
        stopListening()
        const error = new FrameOriginNotAllowedError(origin)
        options.onAlert?.(error.alert, error.message)
        failReady(error)
      })
      .catch(() => {})
  }

  function onAnswer(data: unknown) {
    const message = parseFrameMessage(data, warn)
    if (!message) return
    if (message.kind === 'show' || message.kind === 'hide') {
      setFrameVisible(iframe, message.kind === 'show')
      options.onVisible?.(message.kind === 'show')
      return
    }
    settle(message)
  }

  function settle(answer: FrameAnswer) {
    const entry = pending.get(answer.id)
    // An answer for a request already aborted or timed out, or for another event: ignored.
    if (!entry || entry.event !== answer.event) return
    entry.cleanup()
    if (answer.kind === 'success') return entry.resolve(answer.payload)
    // The frame refused a method off its allow-list: the page shows 'Action not allowed'.
    if (answer.payload.message === errorMessages.rpcCallNotAllowed)
      options.onAlert?.(errorMessages.actionNotAllowed, errorMessages.actionNotAllowed)
    entry.reject(
      new FrameResponseError(
        answer.payload.message,
        answer.payload.code,
        answer.payload.retryAfter,
      ),
    )
  }

  async function request<event extends AppEvent>(
    event: event,
    payload: AppPayload<event>,
    requestOptions: { signal?: AbortSignal | undefined } = {},
  ): Promise<SuccessPayload<event>> {
    if (destroyed) throw new FrameClosedError()
    await readyPromise
    const { signal } = requestOptions
    if (signal?.aborted) throw new RequestAbortedError()
    const id = requestId()
    return new Promise((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined
      const onAbort = () => {
        entry.cleanup()
        if (event === 'RPC_REQUEST' || connectEvents.includes(event))
          post('RPC_ABORT', requestId(), undefined)
        reject(new RequestAbortedError())
      }
      const entry: Pending = {
        event,
        resolve: resolve as (value: unknown) => void,
        reject,
        cleanup() {
          clearTimeout(timer)
          signal?.removeEventListener('abort', onAbort)
          pending.delete(id)
        },
      }
      pending.set(id, entry)
      signal?.addEventListener('abort', onAbort, { once: true })
      if (connectEvents.includes(event))
        timer = setTimeout(() => {
          entry.cleanup()
          const error = new FrameRequestTimeoutError(event)
          options.onAlert?.(error.alert, error.message)
          reject(error)
        }, timings.connectTimeoutMs)
      post(event, id, payload)
    })
  }

  function post<event extends AppEvent>(event: event, id: string, payload: AppPayload<event>) {
    port?.postMessage(appMessage(event, id, payload))
  }

  return {
    iframe,
    frameOrigin,
    ready: () => readyPromise,
    request,
    abortRpcRequests() {
      const rpc = [...pending.values()].filter((entry) => entry.event === 'RPC_REQUEST')
      if (rpc.length === 0) return
      post('RPC_ABORT', requestId(), undefined)
      for (const entry of rpc) {
        entry.cleanup()
        entry.reject(new RequestAbortedError())
      }
    },
    destroy() {
      if (destroyed) return
      destroyed = true
      clearTimeout(readyTimer)
      stopListening()
      failReady(new FrameClosedError())
      for (const entry of [...pending.values()]) {
        entry.cleanup()
        entry.reject(new FrameClosedError())
      }
      port?.close()
      iframe.remove()
    },
  }
}
