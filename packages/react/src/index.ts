export {
  type LatchConfig,
  LatchProvider,
  LatchProviderMissingError,
  useLatchConfig,
} from './context.js'
