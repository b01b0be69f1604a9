import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { createLogBuffer, LOG_BUFFER_BYTES } from './buffer.js'
import { createLogger, DEFAULT_LOG_LEVEL, latchLogger } from './logger.js'
import { coreLog } from './sink.js'

const bytes = (text: string) => new TextEncoder().encode(text).length

function recordingConsole() {
  const printed: string[] = []
  const at =
    (level: string) =>
    (...args: unknown[]) =>
      void printed.push(`${level} ${args.join(' ')}`)
  return {
    printed,
    console: { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') },
  }
}

describe('createLogBuffer', () => {
  it(`holds at most ${LOG_BUFFER_BYTES.toLocaleString('en')} bytes, dropping the oldest lines first`, () => {
    const buffer = createLogBuffer()
    const line = `${'é'.repeat(500)}x` // 1,001 bytes, 1,002 with its newline
    for (let i = 0; i < 3000; i++) buffer.push(`${i} ${line}`)
    const kept = buffer.lines()
    expect(buffer.bytes).toBeLessThanOrEqual(LOG_BUFFER_BYTES)
    expect(bytes(kept.join('\n'))).toBeLessThan(LOG_BUFFER_BYTES)
    // Full: one more line would not fit.
    expect(buffer.bytes + bytes(`2999 ${line}`) + 1).toBeGreaterThan(LOG_BUFFER_BYTES)
    expect(kept.at(-1)).toBe(`2999 ${line}`)
    expect(kept[0]!.startsWith(`${3000 - kept.length} `)).toBe(true)
  })

  it('cuts a single line bigger than the buffer to fit, without splitting a character', () => {
    const buffer = createLogBuffer(10)
    buffer.push('ab')
    buffer.push('€€€€€') // 15 bytes
    expect(buffer.lines()).toEqual(['€€€'])
    expect(buffer.bytes).toBe(10)
  })
})

describe('createLogger', () => {
  it(`defaults to '${DEFAULT_LOG_LEVEL}': warnings and below are neither kept nor printed`, () => {
    const { printed, console } = recordingConsole()
    const logger = createLogger({ console, now: () => 0 })
    expect(logger.getLevel()).toBe('error')
    logger.warn('quiet')
    logger.info('quiet')
    logger.error('Remote config failed', new TypeError('fetch failed'), { status: 500, big: 1n })
    expect(printed).toEqual(['error Remote config failed TypeError: fetch failed [object Object]'])
    expect(logger.getLogs()).toBe(
      JSON.stringify({
        time: '1970-01-01T00:00:00.000Z',
        level: 'error',
        msg: 'Remote config failed TypeError: fetch failed {"status":500,"big":"1n"}',
      }),
    )
  })

  it('keeps each level and those before it; silent keeps nothing', () => {
    const { printed, console } = recordingConsole()
    const logger = createLogger({ level: 'info', console })
    for (const level of ['error', 'warn', 'info', 'debug'] as const) logger[level](level)
    expect(printed).toEqual(['error error', 'warn warn', 'info info'])
    logger.setLevel('silent')
    logger.error('gone')
    expect(logger.getLogs().split('\n')).toHaveLength(3)
    expect(() => logger.setLevel('loud' as never)).toThrow('Unknown log level: loud')
    logger.clear()
    expect(logger.getLogs()).toBe('')
  })

  it("core's own warnings reach the shared logger once it is loaded", () => {
    latchLogger.setLevel('warn')
    latchLogger.clear()
    coreLog.warn('[Latch] Failed to fetch the remote project configuration')
    expect(latchLogger.getLogs()).toContain('Failed to fetch the remote project configuration')
    latchLogger.setLevel('error')
    latchLogger.clear()
  })

  it('the shared logger is tree-shaken from a page that does not use it', async () => {
    expect(latchLogger.getLevel()).toBe('error')
    const result = await build({
      stdin: {
        contents: "import { ethereumNetwork } from '@latch/core'\nconsole.log(ethereumNetwork)",
        resolveDir: fileURLToPath(new URL('../..', import.meta.url)),
        loader: 'ts',
      },
      bundle: true,
      write: false,
      minify: true,
      format: 'esm',
      platform: 'browser',
      conditions: ['latch-source'],
      metafile: true,
      logLevel: 'silent',
    })
    const inputs = Object.values(result.metafile.outputs)[0]!.inputs
    const logger = Object.entries(inputs).filter(([file]) => file.includes('src/logger/'))
    expect(logger.every(([, input]) => input.bytesInOutput === 0)).toBe(true)
    expect(result.outputFiles[0]!.text).not.toContain('TextEncoder')
  })
})
