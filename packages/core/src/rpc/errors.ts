import { BaseError, HttpRequestError, TimeoutError } from 'viem'
import { LatchError, toLatchError } from '../errors/base.js'
import { RpcTimeoutError, RpcUrlUnavailableError } from '../errors/errors.js'

/**
 * Turns whatever a JSON-RPC call threw into the catalogue's wording (docs/behaviour.md#errors): a timeout is
 * 'The request took too long to respond.', an unreachable host is 'Unavailable {chain} RPC url at
 * {url}', anything else keeps viem's short message under the RPC_ERROR category.
 */
export function toRpcFailure(error: unknown, chainName: string): LatchError {
  const timeout = error instanceof BaseError ? error.walk((e) => e instanceof TimeoutError) : null
  if (timeout) return new RpcTimeoutError({ cause: error })
  const http =
    error instanceof BaseError ? error.walk((e) => e instanceof HttpRequestError) : undefined
  // No HTTP status and a TypeError underneath: fetch never got an answer from the host.
  if (http instanceof HttpRequestError && http.status === undefined && isNetworkFailure(http.cause))
    return new RpcUrlUnavailableError(chainName, http.url, { cause: error })
  if (error instanceof BaseError)
    return new LatchError(error.shortMessage, { category: 'RPC_ERROR', cause: error })
  return toLatchError(error, 'RPC_ERROR')
}

function isNetworkFailure(cause: unknown): boolean {
  return cause instanceof TypeError
}
