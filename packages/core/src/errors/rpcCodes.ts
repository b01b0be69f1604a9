import {
  AtomicityNotSupportedError,
  AtomicReadyWalletRejectedUpgradeError,
  BundleTooLargeError,
  ChainDisconnectedError,
  DuplicateIdError,
  InternalRpcError,
  InvalidInputRpcError,
  InvalidParamsRpcError,
  InvalidRequestRpcError,
  JsonRpcVersionUnsupportedError,
  LimitExceededRpcError,
  MethodNotFoundRpcError,
  MethodNotSupportedRpcError,
  ParseRpcError,
  ProviderDisconnectedError,
  ResourceNotFoundRpcError,
  ResourceUnavailableRpcError,
  type RpcError,
  SwitchChainError,
  TransactionRejectedRpcError,
  UnauthorizedProviderError,
  UnknownBundleIdError,
  UnknownRpcError,
  UnsupportedChainIdError,
  UnsupportedNonOptionalCapabilityError,
  UnsupportedProviderMethodError,
  UserRejectedRequestError,
} from 'viem'

type RpcErrorClass = new (cause: Error) => RpcError

/**
 * The standard JSON-RPC and EIP-1193/EIP-5792 codes (docs/behaviour.md#errors), mapped onto viem's error classes
 * rather than a parallel hierarchy: viem and wagmi already throw these.
 */
export const rpcErrorClasses: Readonly<Record<number, RpcErrorClass>> = {
  [-32700]: ParseRpcError,
  [-32600]: InvalidRequestRpcError,
  [-32601]: MethodNotFoundRpcError as RpcErrorClass,
  [-32602]: InvalidParamsRpcError,
  [-32603]: InternalRpcError,
  [-32000]: InvalidInputRpcError,
  [-32001]: ResourceNotFoundRpcError,
  [-32002]: ResourceUnavailableRpcError,
  [-32003]: TransactionRejectedRpcError,
  [-32004]: MethodNotSupportedRpcError as RpcErrorClass,
  [-32005]: LimitExceededRpcError,
  [-32006]: JsonRpcVersionUnsupportedError,
  4001: UserRejectedRequestError,
  4100: UnauthorizedProviderError,
  4200: UnsupportedProviderMethodError,
  4900: ProviderDisconnectedError,
  4901: ChainDisconnectedError,
  4902: SwitchChainError,
  5700: UnsupportedNonOptionalCapabilityError,
  5710: UnsupportedChainIdError,
  5720: DuplicateIdError,
  5730: UnknownBundleIdError,
  5740: BundleTooLargeError,
  5750: AtomicReadyWalletRejectedUpgradeError,
  5760: AtomicityNotSupportedError,
}

export interface RpcErrorPayload {
  code: number
  message: string
  data?: unknown
}

/** Builds the typed error for a JSON-RPC error object; an unknown code gives UnknownRpcError. */
export function rpcErrorFromPayload(payload: RpcErrorPayload): RpcError {
  const cause = Object.assign(new Error(payload.message), {
    code: payload.code,
    data: payload.data,
  })
  const ErrorClass = rpcErrorClasses[payload.code]
  return ErrorClass ? new ErrorClass(cause) : new UnknownRpcError(cause)
}

/** Finds the EIP-1193 / JSON-RPC code anywhere along an error's cause chain. */
export function findRpcCode(error: unknown): number | undefined {
  let current: unknown = error
  for (let depth = 0; current && depth < 8; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'number') return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}
