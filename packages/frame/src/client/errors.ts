import { errorMessages } from '@latch/core'

/** The frame never became ready (seed §8): the caller shows the 'iframe_load_failed' alert. */
export class FrameLoadError extends Error {
  override name = 'FrameLoadError'
  readonly alert = errorMessages.iframeLoadFailed
  constructor() {
    super(errorMessages.emailLoginDependency)
  }
}

/** A connect request the frame did not answer within 120 s. */
export class FrameRequestTimeoutError extends Error {
  override name = 'FrameRequestTimeoutError'
  readonly alert = errorMessages.iframeRequestTimeout
  constructor(readonly event: string) {
    super(errorMessages.iframeRequestTimeout)
  }
}

/** The frame answered with an error event; `code` is the EIP-1193 code when there is one. */
export class FrameResponseError extends Error {
  override name = 'FrameResponseError'
  constructor(
    message: string,
    readonly code?: number | undefined,
    readonly retryAfter?: number | undefined,
  ) {
    super(message || errorMessages.anErrorOccurred)
  }
}

export class RequestAbortedError extends Error {
  override name = 'RequestAbortedError'
  constructor() {
    super(errorMessages.requestAborted)
  }
}

/** The client was destroyed while a request was waiting. */
export class FrameClosedError extends Error {
  override name = 'FrameClosedError'
  constructor() {
    super(errorMessages.somethingWentWrong)
  }
}

/** Seed §9: a second code within 30 s of the last one, refused before reaching the frame. */
export class EmailThrottledError extends Error {
  override name = 'EmailThrottledError'
  constructor(readonly retryAfter: number) {
    super(errorMessages.tryAgainAfter(retryAfter))
  }
}
