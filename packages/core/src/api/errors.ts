import { LatchError } from '../errors/base.js'

/**
 * RATE_LIMITED (429), SERVER_ERROR (5xx), INVALID_PROJECT_ID and ORIGIN_NOT_ALLOWED (403 from a
 * Latch server), NETWORK_ERROR (no answer), else the server's code or HTTP_<status>.
 */
export type ProviderApiErrorCode =
  | 'RATE_LIMITED'
  | 'SERVER_ERROR'
  | 'INVALID_PROJECT_ID'
  | 'ORIGIN_NOT_ALLOWED'
  | 'NETWORK_ERROR'
  | 'BAD_RESPONSE'
  | (string & {})

export class ProviderApiError extends LatchError {
  override name = 'ProviderApiError'
  readonly code: ProviderApiErrorCode
  /** 0 when the server did not answer. */
  readonly status: number

  constructor(code: ProviderApiErrorCode, status: number, message: string, cause?: unknown) {
    super(message, { category: 'API_ERROR', cause })
    this.code = code
    this.status = status
  }
}
