import { FrameError } from './handler.js'

export class UserRejectedError extends FrameError {
  override name = 'UserRejectedError'
  constructor() {
    super('User rejected the request.', 4001)
  }
}

export class RequestAbortedError extends FrameError {
  override name = 'RequestAbortedError'
  constructor() {
    super('Request was aborted')
  }
}
