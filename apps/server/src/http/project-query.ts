import { type Static, Type } from 'typebox'
import { errorResponses } from './errors.js'

/**
 * Postgres text and jsonb reject NUL, and a lone UTF-16 surrogate would be stored as U+FFFD:
 * every stored string is checked for both up front.
 */
export const NO_NUL = '^[^\\u0000\\p{Cs}]*$'

export function safeString(maxLength: number, minLength = 0) {
  return Type.String({ minLength, maxLength, pattern: NO_NUL })
}

/** `projectId`, `st` (sdk type) and `sv` (sdk version): sent by the client on every call. */
export const sdkQuery = {
  projectId: Type.String({ minLength: 1, maxLength: 128, description: 'Project id' }),
  st: Type.Optional(
    Type.String({
      minLength: 0,
      maxLength: 64,
      pattern: NO_NUL,
      description: 'SDK type, e.g. "appkit" or "latch"',
    }),
  ),
  sv: Type.Optional(
    Type.String({
      minLength: 0,
      maxLength: 64,
      pattern: NO_NUL,
      description: 'SDK version, e.g. "html-wagmi-4.2.2"',
    }),
  ),
}

export const projectQuerySchema = Type.Object(sdkQuery)

export type SdkQuery = Static<typeof projectQuerySchema>

/** Error answers every project-scoped route can give. */
export const projectErrorResponses = errorResponses({
  400: 'Malformed request',
  403: 'INVALID_PROJECT_ID (unknown project) or ORIGIN_NOT_ALLOWED',
  429: 'RATE_LIMITED: too many requests from this client',
})
