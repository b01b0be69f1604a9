/**
 * Errors the dev node answers with: the Cosmos SDK's registered codes (codespace `sdk`) and
 * their wrapped log text ("<detail>: <description>"), so clients see what a real node sends.
 */

const SDK_ERRORS = {
  txDecode: [2, 'tx parse error'],
  unauthorized: [4, 'unauthorized'],
  insufficientFunds: [5, 'insufficient funds'],
  unknownRequest: [6, 'unknown request'],
  invalidAddress: [7, 'invalid address'],
  invalidPubKey: [8, 'invalid pubkey'],
  unknownAddress: [9, 'unknown address'],
  invalidCoins: [10, 'invalid coins'],
  outOfGas: [11, 'out of gas'],
  memoTooLarge: [12, 'memo too large'],
  insufficientFee: [13, 'insufficient fee'],
  noSignatures: [15, 'no signatures supplied'],
  invalidRequest: [18, 'invalid request'],
  txInMempoolCache: [19, 'tx already in mempool'],
  keyNotFound: [22, 'key not found'],
  txTimeoutHeight: [30, 'tx timeout height'],
  unknownExtensionOptions: [31, 'unknown extension options'],
  wrongSequence: [32, 'incorrect account sequence'],
  notSupported: [37, 'feature not supported'],
} as const satisfies Record<string, readonly [number, string]>

export type SdkErrorKind = keyof typeof SDK_ERRORS

/** An SDK error: `code` and `codespace` as the ABCI result carries them, `log` as its text. */
export class SdkError extends Error {
  override name = 'SdkError'
  code: number
  codespace = 'sdk'
  constructor(
    readonly kind: SdkErrorKind,
    detail?: string,
  ) {
    const [code, description] = SDK_ERRORS[kind]
    super(detail ? `${detail}: ${description}` : description)
    this.code = code
  }
  /** This error carrying another result's code, codespace and log (a simulation's failure). */
  as(code: number, codespace: string, log: string): SdkError {
    this.code = code
    this.codespace = codespace
    this.message = log
    return this
  }
  /** Wraps once more, as `errorsmod.Wrap` does: "<outer>: <inner>". */
  wrap(outer: string): SdkError {
    const wrapped = new SdkError(this.kind)
    wrapped.message = `${outer}: ${this.message}`
    return wrapped
  }
}

export function sdkError(kind: SdkErrorKind, detail?: string): SdkError {
  return new SdkError(kind, detail)
}

/** A JSON-RPC error as CometBFT answers it (`data` carries the reason). */
export class RpcError extends Error {
  override name = 'RpcError'
  constructor(
    readonly code: number,
    message: string,
    readonly data = '',
  ) {
    super(message)
  }
}

export const invalidParams = (data: string) => new RpcError(-32602, 'Invalid params', data)
export const internalError = (data: string) => new RpcError(-32603, 'Internal error', data)

/** A REST error as grpc-gateway answers it: HTTP status plus `{code, message, details}`. */
export class RestError extends Error {
  override name = 'RestError'
  constructor(
    readonly status: number,
    /** The gRPC status code (3 invalid argument, 5 not found, 12 unimplemented). */
    readonly grpcCode: number,
    message: string,
  ) {
    super(message)
  }
}
