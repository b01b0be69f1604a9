import {
  errorMessages,
  frameRequestTimedOut,
  LatchError,
  unverifiedDomain,
  unverifiedDomainAlert,
} from '@latch/core'

/** The frame never became ready (docs/behaviour.md#errors): the caller shows the 'iframe_load_failed' alert. */
export class FrameLoadError extends LatchError {
  override name = 'FrameLoadError'
  readonly alert = errorMessages.iframeLoadFailed
  constructor(options: { cause?: unknown; details?: string } = {}) {
    super(errorMessages.emailLoginDependency, options)
  }
}

/** The server says the page's origin may not use the project's frame: 'unverified_domain'. */
export class FrameOriginNotAllowedError extends LatchError {
  override name = 'FrameOriginNotAllowedError'
  readonly alert = unverifiedDomainAlert
  constructor(origin: string) {
    super(unverifiedDomain, { details: `${origin} is not on the project's allowed origins.` })
  }
}

/** A sign-in the frame did not finish within 10 minutes (frameTimings.connectTimeoutMs). */
export class FrameRequestTimeoutError extends LatchError {
  override name = 'FrameRequestTimeoutError'
  readonly alert = errorMessages.iframeRequestTimeout
  constructor(readonly event: string) {
    // The code is the alert's key; what a form shows is the sentence, never the code.
    super(frameRequestTimedOut, {
      details: `No answer to '${event}'.`,
    })
  }
}

/** The frame answered with an error event; `code` is the EIP-1193 code when there is one. */
export class FrameResponseError extends LatchError {
  override name = 'FrameResponseError'
  constructor(
    message: string,
    readonly code?: number | undefined,
    readonly retryAfter?: number | undefined,
  ) {
    super(message || errorMessages.anErrorOccurred, {
      category: code === 4001 ? 'USER_REJECTED' : undefined,
      details: code === undefined ? undefined : `The frame answered with code ${code}.`,
    })
  }
}

export class RequestAbortedError extends LatchError {
  override name = 'RequestAbortedError'
  constructor() {
    super(errorMessages.requestAborted)
  }
}

/** The client was destroyed while a request was waiting. */
export class FrameClosedError extends LatchError {
  override name = 'FrameClosedError'
  constructor() {
    super(errorMessages.somethingWentWrong, {
      details: 'The frame client was destroyed while the request was waiting.',
    })
  }
}

/** docs/behaviour.md#limits: a second code within 30 s of the last one, refused before reaching the frame. */
export class EmailThrottledError extends LatchError {
  override name = 'EmailThrottledError'
  constructor(readonly retryAfter: number) {
    super(errorMessages.tryAgainAfter(retryAfter))
  }
}
