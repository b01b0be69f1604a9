// `@latch/react/siwx`: sign in with the wallet (docs/siwx.md). A subpath of its own so that apps
// without sign-in bundle none of it.
export {
  createLatchSiwx,
  type LatchSiwxOptions,
  type SiwxConfig,
  type SiwxSession,
} from '@latch/core/siwx'
export { type UseLatchSiwxResult, useLatchSiwx } from './hooks/useLatchSiwx.js'
