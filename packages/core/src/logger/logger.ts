import { createLogBuffer, LOG_BUFFER_BYTES, type LogBuffer } from './buffer.js'
import { coreLog } from './sink.js'

/** From quietest to noisiest; a logger keeps and prints its level and those before it. */
export const logLevels = ['silent', 'error', 'warn', 'info', 'debug'] as const
export type LogLevel = (typeof logLevels)[number]
type EntryLevel = Exclude<LogLevel, 'silent'>

/** seed-spec §6: 'error' unless the app asks for more. */
export const DEFAULT_LOG_LEVEL: LogLevel = 'error'

export interface LoggerOptions {
  level?: LogLevel | undefined
  maxBytes?: number | undefined
  /** Where kept entries are also printed; `null` prints nowhere. Default: the console. */
  console?: Pick<Console, EntryLevel> | null | undefined
  now?: (() => number) | undefined
}

export interface Logger {
  error(...args: unknown[]): void
  warn(...args: unknown[]): void
  info(...args: unknown[]): void
  debug(...args: unknown[]): void
  getLevel(): LogLevel
  setLevel(level: LogLevel): void
  /**
   * What was kept, one JSON object a line (time, level, message), oldest first: for an app to
   * attach to a support request. It holds what the page logged, which may name addresses or
   * URLs, so an app shows it to the visitor before sending it anywhere.
   */
  getLogs(): string
  clear(): void
}

/** One argument as text: errors by name and message, the rest as JSON where it can be. */
function describe(value: unknown): string {
  if (typeof value === 'string') return value
  if (value instanceof Error) return `${value.name}: ${value.message}`
  try {
    return (
      JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? `${v}n` : v)) ?? String(value)
    )
  } catch {
    return String(value)
  }
}

export function createLogger(options: LoggerOptions = {}): Logger {
  let level: LogLevel = options.level ?? DEFAULT_LOG_LEVEL
  const buffer: LogBuffer = createLogBuffer(options.maxBytes ?? LOG_BUFFER_BYTES)
  const now = options.now ?? Date.now
  const out = options.console === undefined ? globalThis.console : options.console

  const log =
    (entryLevel: EntryLevel) =>
    (...args: unknown[]) => {
      if (logLevels.indexOf(entryLevel) > logLevels.indexOf(level)) return
      const msg = args.map(describe).join(' ')
      buffer.push(JSON.stringify({ time: new Date(now()).toISOString(), level: entryLevel, msg }))
      out?.[entryLevel](...args)
    }

  return {
    error: log('error'),
    warn: log('warn'),
    info: log('info'),
    debug: log('debug'),
    getLevel: () => level,
    setLevel(next) {
      if (!logLevels.includes(next)) throw new TypeError(`Unknown log level: ${String(next)}`)
      level = next
    },
    getLogs: () => buffer.lines().join('\n'),
    clear: () => buffer.clear(),
  }
}

/**
 * The page's Latch log, where core logs what it used to print with `console`. Read it with
 * `latchLogger.getLogs()`; `latchLogger.setLevel('warn')` keeps (and prints) warnings too.
 */
export const latchLogger: Logger = /* @__PURE__ */ createLogger()
// Core's own warnings reach this log from now on (sink.ts).
coreLog.warn = latchLogger.warn
