export { type BuildAppOptions, buildApp } from './app.js'
export { type ChainStatus, checkChain, createChainClient } from './chain.js'
export { commands, runCli } from './cli.js'
export {
  type Config,
  ConfigError,
  DEFAULT_WEB_ORIGINS,
  type Env,
  IN_MEMORY_DATA_DIR,
  type LogLevel,
  loadConfig,
} from './config.js'
export * from './db/index.js'
export { type ErrorBody, errorBody, errorResponseSchema, HttpError } from './http/errors.js'
export { createLogger, REDACTED_PATHS } from './logger.js'
export { type RunningServer, type StartServerOptions, startServer } from './server.js'
