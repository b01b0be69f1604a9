import { describe, expect, it, vi } from 'vitest'
import { appEvents, appEventType, errorType, frameNotices, successType } from './events.js'
import { MAX_MESSAGE_BYTES, parseAppMessage, parseFrameMessage } from './messages.js'

const silent = () => {}

describe('parseAppMessage', () => {
  it('accepts a valid event and returns its name, id and payload', () => {
    const message = parseAppMessage(
      { type: appEventType('CONNECT_EMAIL'), id: 'abc-1', payload: { email: 'a@b.co' } },
      silent,
    )
    expect(message).toEqual({
      event: 'CONNECT_EMAIL',
      type: '@latch-app/CONNECT_EMAIL',
      id: 'abc-1',
      payload: { email: 'a@b.co' },
    })
  })

  it('has a schema for every docs/behaviour.md#wire event', () => {
    expect(appEvents).toHaveLength(19)
    for (const event of [
      'SIGN_OUT',
      'IS_CONNECTED',
      'CONNECT_FARCASTER',
      'RELOAD',
      'RPC_ABORT',
    ] as const)
      expect(parseAppMessage({ type: appEventType(event), id: 'x' }, silent)?.event).toBe(event)
  })

  it.each([
    ['not an object', 'hello'],
    ['an unknown event', { type: '@latch-app/STEAL_KEYS', id: 'x' }],
    ['a frame event', { type: successType('GET_USER'), id: 'x' }],
    ['a missing id', { type: appEventType('SIGN_OUT') }],
    ['an id with spaces', { type: appEventType('SIGN_OUT'), id: 'a b' }],
    ['an extra key', { type: appEventType('SIGN_OUT'), id: 'x', port: 1 }],
    [
      'an invalid email',
      { type: appEventType('CONNECT_EMAIL'), id: 'x', payload: { email: 'no' } },
    ],
    // The sign-in code is typed in the frame only: a page that sends one is not heard.
    [
      'a sign-in code from the page',
      { type: '@latch-app/CONNECT_OTP', id: 'x', payload: { otp: '123456' } },
    ],
    [
      'an extra payload key',
      { type: appEventType('CONNECT_EMAIL'), id: 'x', payload: { email: 'a@b.co', otp: '123456' } },
    ],
    [
      'an unknown social provider',
      { type: appEventType('CONNECT_SOCIAL'), id: 'x', payload: { provider: 'myspace' } },
    ],
    [
      'a social answer from the page',
      { type: appEventType('CONNECT_SOCIAL'), id: 'x', payload: { uri: 'latch:social?result=x' } },
    ],
    [
      'an oversized RPC request',
      {
        type: appEventType('RPC_REQUEST'),
        id: 'x',
        payload: { method: 'eth_call', params: ['x'.repeat(MAX_MESSAGE_BYTES)] },
      },
    ],
  ])('drops %s with a warning', (_, data) => {
    const warn = vi.fn()
    expect(parseAppMessage(data, warn)).toBeNull()
    expect(warn).toHaveBeenCalledOnce()
  })
})

describe('parseFrameMessage', () => {
  it('reads answers and notices', () => {
    expect(
      parseFrameMessage(
        { type: successType('IS_CONNECTED'), id: 'r1', payload: { isConnected: true } },
        silent,
      ),
    ).toEqual({ kind: 'success', event: 'IS_CONNECTED', id: 'r1', payload: { isConnected: true } })
    expect(
      parseFrameMessage(
        { type: errorType('CONNECT_EMAIL'), id: 'r2', payload: { message: 'Invalid code' } },
        silent,
      ),
    ).toMatchObject({ kind: 'error', event: 'CONNECT_EMAIL', payload: { message: 'Invalid code' } })
    expect(parseFrameMessage({ type: frameNotices.show }, silent)).toEqual({ kind: 'show' })
  })

  it('drops an answer whose payload does not match its event', () => {
    const warn = vi.fn()
    expect(
      parseFrameMessage({ type: successType('GET_USER'), id: 'r', payload: { address: 1 } }, warn),
    ).toBeNull()
    expect(parseFrameMessage({ type: '@latch-frame/NOPE_SUCCESS', id: 'r' }, warn)).toBeNull()
    expect(warn).toHaveBeenCalledTimes(2)
  })
})
