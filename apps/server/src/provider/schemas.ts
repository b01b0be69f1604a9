import { errorResponseSchema } from '../errors.js'

/**
 * Postgres text and jsonb reject NUL, and a lone UTF-16 surrogate would be stored as U+FFFD:
 * every stored string is checked for both up front.
 */
export const NO_NUL = '^[^\\u0000\\p{Cs}]*$'

export function safeString(maxLength: number, minLength = 0) {
  return { type: 'string', minLength, maxLength, pattern: NO_NUL } as const
}

/** `projectId`, `st` (sdk type) and `sv` (sdk version): sent by the client on every call. */
export const sdkQuery = {
  projectId: { type: 'string', minLength: 1, maxLength: 128, description: 'Project id' },
  st: { ...safeString(64), description: 'SDK type, e.g. "appkit" or "latch"' },
  sv: { ...safeString(64), description: 'SDK version, e.g. "html-wagmi-4.2.2"' },
} as const

export const projectQuerySchema = {
  type: 'object',
  required: ['projectId'],
  properties: sdkQuery,
} as const

export interface SdkQuery {
  projectId: string
  st?: string
  sv?: string
}

/** Error answers every project-scoped route can give. */
export const projectErrorResponses = {
  400: { description: 'Malformed request', ...errorResponseSchema },
  403: {
    description: 'INVALID_PROJECT_ID (unknown project) or ORIGIN_NOT_ALLOWED',
    ...errorResponseSchema,
  },
  429: { description: 'RATE_LIMITED: too many requests from this client', ...errorResponseSchema },
} as const
