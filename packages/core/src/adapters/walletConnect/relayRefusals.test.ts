import { describe, expect, it } from 'vitest'
import { relayRefusalAlert } from './relayRefusals.js'

const context = { projectId: 'p-123', origin: 'https://shop.example' }
/** What the SDK's JSON-RPC provider emits when the relay closes the socket with 3000. */
const closed = (reason: string) =>
  new Error(`WebSocket connection closed abnormally with code: 3000 (${reason})`)

describe('relayRefusalAlert', () => {
  it.each([
    ['Unauthorized: origin not allowed', 'RELAY_ORIGIN_NOT_ALLOWED', 'Origin Not Allowed'],
    ['Project not found', 'RELAY_INVALID_PROJECT_ID', 'Invalid Project ID'],
    // The hosted relay's older wording of the same refusal.
    [
      'Authorization error: Unauthorized: invalid key',
      'RELAY_INVALID_PROJECT_ID',
      'Invalid Project ID',
    ],
    [
      'Authorization error: Project ID is missing',
      'RELAY_PROJECT_ID_NOT_CONFIGURED',
      'Project ID Not Configured',
    ],
    ['JWT validation error: JWT Token is not yet valid', 'RELAY_JWT_NOT_VALID', 'Session Expired'],
    ['JWT validation error: JWT Token is expired', 'RELAY_JWT_NOT_VALID', 'Session Expired'],
  ])('%s → %s', (reason, code, message) => {
    const alert = relayRefusalAlert(closed(reason), context)
    expect(alert).toMatchObject({ code, message, variant: 'error' })
    // The SDK's words go to the developer's console, not into what the visitor reads.
    expect(alert?.message).not.toContain(reason)
    expect(alert?.debugMessage).toContain(reason)
  })

  it('names the project and the origin for the developer', () => {
    expect(relayRefusalAlert(closed('Project not found'), context)?.debugMessage).toContain('p-123')
    expect(
      relayRefusalAlert(closed('Unauthorized: origin not allowed'), context)?.debugMessage,
    ).toContain('https://shop.example')
  })

  it('leaves other relayer errors alone', () => {
    expect(relayRefusalAlert(new Error('Socket stalled when trying to connect'), context)).toBe(
      undefined,
    )
    expect(relayRefusalAlert(closed('Internal error'), context)).toBe(undefined)
    expect(relayRefusalAlert(undefined, context)).toBe(undefined)
    expect(relayRefusalAlert({ message: 'Project not found' }, context)).toBe(undefined)
  })
})
