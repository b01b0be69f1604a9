export { createLogBuffer, LOG_BUFFER_BYTES, type LogBuffer } from './buffer.js'
export {
  createLogger,
  DEFAULT_LOG_LEVEL,
  type Logger,
  type LoggerOptions,
  type LogLevel,
  latchLogger,
  logLevels,
} from './logger.js'
