import { Writable } from 'node:stream'
import { expect, test } from 'vitest'
import { createLogger } from './logger.js'

test('authorization and cookie headers never reach the log', () => {
  const lines: string[] = []
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  const logger = createLogger({ logLevel: 'info' }, sink)
  logger.info(
    { req: { headers: { authorization: 'Bearer s3cret', cookie: 'sid=s3cret', accept: '*/*' } } },
    'request',
  )
  expect(lines).toHaveLength(1)
  const entry = JSON.parse(lines[0]!)
  expect(entry.req.headers).toEqual({
    authorization: '[redacted]',
    cookie: '[redacted]',
    accept: '*/*',
  })
  expect(lines[0]).not.toContain('s3cret')
})

test('the level comes from the config', () => {
  expect(createLogger({ logLevel: 'warn' }).level).toBe('warn')
})
