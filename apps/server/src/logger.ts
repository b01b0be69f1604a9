import { type DestinationStream, type Logger, pino } from 'pino'
import type { Config } from './config.js'

/** Header and field paths never written to logs, wherever a request or error carries them. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'headers.authorization',
  'headers.cookie',
  'res.headers["set-cookie"]',
]

export function createLogger(
  config: Pick<Config, 'logLevel'>,
  destination?: DestinationStream,
): Logger {
  const options = {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  }
  return destination ? pino(options, destination) : pino(options)
}
