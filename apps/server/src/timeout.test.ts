import { expect, test } from 'vitest'
import { TimeoutError, withTimeout } from './timeout.js'

test('passes through a value that arrives in time', async () => {
  await expect(withTimeout(Promise.resolve(7), 1_000)).resolves.toBe(7)
})

test('passes through a rejection', async () => {
  await expect(withTimeout(Promise.reject(new Error('no')), 1_000)).rejects.toThrow('no')
})

test('rejects with TimeoutError naming what hung', async () => {
  const never = new Promise<never>(() => {})
  const error = await withTimeout(never, 10, 'database').catch((e: unknown) => e)
  expect(error).toBeInstanceOf(TimeoutError)
  expect((error as Error).message).toBe('database: no answer within 10 ms')
})
