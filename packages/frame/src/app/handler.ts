import { LatchError } from '@latch/core'
import {
  type AppEvent,
  type AppPayload,
  connectEvents,
  type ErrorPayload,
  errorMessage,
  parseAppMessage,
  type SuccessPayload,
  successMessage,
  type Warn,
} from '../protocol/index.js'
import { localeReady } from './i18n/index.js'

/** What the frame does for each app event; each method either returns the success payload or throws. */
export type FrameServices = {
  [event in Exclude<AppEvent, 'RPC_ABORT'>]: (
    payload: AppPayload<event>,
    context: { signal: AbortSignal },
  ) => Promise<SuccessPayload<event>>
}

/** An error the frame may show the page: its message, and an EIP-1193 code when it has one. */
export class FrameError extends LatchError {
  override name = 'FrameError'
  constructor(
    message: string,
    readonly code?: number | undefined,
    readonly retryAfter?: number | undefined,
  ) {
    super(message)
  }
}

/**
 * Only FrameErrors carry their own message to the page; anything else (a bug, a library error
 * that might quote internal state) becomes 'An error occurred'.
 */
export function toErrorPayload(error: unknown): ErrorPayload {
  if (error instanceof FrameError)
    return {
      message: error.message.slice(0, 1000),
      ...(error.code === undefined ? {} : { code: error.code }),
      ...(error.retryAfter === undefined ? {} : { retryAfter: error.retryAfter }),
    }
  return { message: 'An error occurred' }
}

export interface MessageHandlerOptions {
  services: FrameServices
  /** Posts an answer to the page: the MessagePort handed over in the READY notice. */
  reply(message: unknown): void
  warn?: Warn | undefined
}

/**
 * The frame's single entry point for page messages. Invalid messages are dropped with a warning
 * and never answered; valid ones get exactly one success or error answer with their id.
 */
export function createMessageHandler(options: MessageHandlerOptions) {
  const { services, reply } = options
  const rpcControllers = new Set<AbortController>()

  return async function handle(data: unknown): Promise<void> {
    const message = parseAppMessage(data, options.warn)
    if (!message) return
    const { event, id } = message
    if (event === 'RPC_ABORT') {
      for (const controller of rpcControllers) controller.abort()
      rpcControllers.clear()
      reply(successMessage('RPC_ABORT', id, undefined))
      return
    }
    const controller = new AbortController()
    // A page that gives up on a sign-in (the modal closed) closes the frame's view with it.
    if (event === 'RPC_REQUEST' || connectEvents.includes(event)) rpcControllers.add(controller)
    try {
      const service = services[event] as (
        payload: unknown,
        context: { signal: AbortSignal },
      ) => Promise<SuccessPayload<typeof event>>
      // A language the page asked for just before (SYNC_DAPP_DATA) is in before any view is built.
      await localeReady()
      const result = await service(message.payload, { signal: controller.signal })
      reply(successMessage(event, id, result as never))
    } catch (error) {
      reply(errorMessage(event, id, toErrorPayload(error)))
    } finally {
      rpcControllers.delete(controller)
    }
  }
}
