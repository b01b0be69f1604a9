import { LatchError } from '../errors/base.js'

/**
 * RATE_LIMITED (429), SERVER_ERROR (5xx), TIMEOUT (no answer in time), ABORTED (the caller
 * cancelled), NETWORK_ERROR (no answer),
 * BAD_RESPONSE (an answer of the wrong shape), else the server's own code (INVALID_PROJECT_ID,
 * ORIGIN_NOT_ALLOWED, UNSUPPORTED_CHAIN, INVALID_CURSOR, …) or HTTP_<status>.
 */
export type ApiErrorCode =
  | 'RATE_LIMITED'
  | 'SERVER_ERROR'
  | 'INVALID_PROJECT_ID'
  | 'ORIGIN_NOT_ALLOWED'
  | 'UNSUPPORTED_CHAIN'
  | 'TIMEOUT'
  | 'ABORTED'
  | 'NETWORK_ERROR'
  | 'BAD_RESPONSE'
  | (string & {})

/** Every failure of the Latch server's HTTP API, whichever route. */
export class ApiError extends LatchError {
  override name = 'ApiError'
  readonly code: ApiErrorCode
  /** 0 when the server did not answer. */
  readonly status: number

  constructor(
    code: ApiErrorCode,
    status: number,
    message: string,
    options: { cause?: unknown; details?: string | undefined } = {},
  ) {
    super(message, { category: 'API_ERROR', ...options })
    this.code = code
    this.status = status
  }
}
