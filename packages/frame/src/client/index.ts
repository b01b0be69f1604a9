export {
  createEmbeddedProvider,
  type Eip1193Provider,
  ProviderRpcError,
} from '../connector/eip155/provider.js'
export {
  createFrameClient,
  type FrameClient,
  type FrameClientOptions,
  frameTimings,
} from './client.js'
export { createFrameElement, FRAME_Z_INDEX, type FrameQuery, frameSrc } from './element.js'
export {
  EmailThrottledError,
  FrameClosedError,
  FrameLoadError,
  FrameRequestTimeoutError,
  FrameResponseError,
  RequestAbortedError,
} from './errors.js'
export { isFromPeer, type TrustedPeer, toOrigin, UntrustedOriginError } from './trust.js'
export {
  type AccountType,
  createEmbeddedWallet,
  EMAIL_THROTTLE_MS,
  type EmbeddedWallet,
  type EmbeddedWalletOptions,
  type EmbeddedWalletUser,
  resolveAccountType,
  SIGN_OUT_WAIT_MS,
} from './wallet.js'
