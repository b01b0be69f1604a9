import { errorMessages, frameRequestTimedOut, LatchError } from '@latch/core'
import { describe, expect, it } from 'vitest'
import { KeyMismatchError } from '../app/custody/keys.js'
import { FrameError } from '../app/handler.js'
import { AuthSessionMissingError } from '../connector/auth.js'
import { ProviderRpcError } from '../connector/eip155/provider.js'
import {
  EmailThrottledError,
  FrameClosedError,
  FrameLoadError,
  FrameRequestTimeoutError,
  FrameResponseError,
  RequestAbortedError,
} from './errors.js'
import { UntrustedOriginError } from './trust.js'

describe('frame errors', () => {
  it.each([
    [new FrameLoadError(), 'FrameLoadError'],
    [new FrameRequestTimeoutError('CONNECT_EMAIL'), 'FrameRequestTimeoutError'],
    [new FrameResponseError('Nope', 4001), 'FrameResponseError'],
    [new RequestAbortedError(), 'RequestAbortedError'],
    [new FrameClosedError(), 'FrameClosedError'],
    [new EmailThrottledError(12), 'EmailThrottledError'],
    [new ProviderRpcError(4100, 'Unauthorized'), 'ProviderRpcError'],
    [new UntrustedOriginError('"x" is not a URL'), 'UntrustedOriginError'],
    [new AuthSessionMissingError(), 'AuthSessionMissingError'],
    [new FrameError('bad', 4001), 'FrameError'],
    [new KeyMismatchError(), 'KeyMismatchError'],
  ])('%s extends LatchError with a short message', (error, name) => {
    expect(error).toBeInstanceOf(LatchError)
    expect(error.name).toBe(name)
    expect(error.shortMessage).toBe(error.message)
    expect(error.message.length).toBeGreaterThan(0)
  })

  it('keeps the detail apart from the message a view shows', () => {
    const timeout = new FrameRequestTimeoutError('CONNECT_EMAIL')
    expect(timeout.message).toBe(frameRequestTimedOut)
    expect(timeout.alert).toBe(errorMessages.iframeRequestTimeout)
    expect(timeout.details).toBe("No answer to 'CONNECT_EMAIL'.")
  })

  it('files a rejection by the user under USER_REJECTED and an untrusted origin as such', () => {
    expect(new FrameResponseError('Rejected', 4001).category).toBe('USER_REJECTED')
    expect(new ProviderRpcError(4001, 'Rejected').category).toBe('USER_REJECTED')
    expect(new ProviderRpcError(-32603, 'Internal').category).toBe('RPC_ERROR')
    expect(new UntrustedOriginError('x').category).toBe('SECURE_SITE_ERROR')
  })
})
