import { ApiError } from './errors.js'

/** An answer of the wrong shape: the route answered, but not what the client can use. */
export const badResponse = (path: string, what: string, status = 200) =>
  new ApiError('BAD_RESPONSE', status, 'The Latch server sent an unexpected answer.', {
    details: `${path}: ${what}`,
  })
