import { describe, expect, it } from 'vitest'
import { MAX_BATCH_CALLS, parseSendCalls } from './calls.js'

const TOKEN = '0x35D81E9b5b2E4dfa5D0393BA50B4015463739831'
const batch = (calls: unknown[], extra: Record<string, unknown> = {}) => [
  { version: '2.0.0', calls, ...extra },
]

describe('parseSendCalls (wallet_sendCalls params, checked before any view)', () => {
  it('keeps each call as it will be shown and sent', () => {
    expect(
      parseSendCalls(
        batch([{ to: TOKEN, data: '0xa9059cbb', value: '0x10' }], {
          chainId: '0x7a69',
          from: TOKEN,
          atomicRequired: true,
        }),
      ),
    ).toEqual({
      calls: [{ to: TOKEN, data: '0xa9059cbb', value: 16n }],
      chainId: 31337,
      from: TOKEN,
      atomicRequired: true,
    })
  })

  it.each([
    ['a call without `to`', [{ data: '0x' }], /call #1 has no valid `to`/],
    ['a `to` that is not an address', [{ to: '0x1234', data: '0x' }], /no valid `to`/],
    ['a call without data', [{ to: TOKEN }], /call #1 needs `data`/],
    ['data without 0x', [{ to: TOKEN, data: 'a9059cbb' }], /needs `data`/],
    ['data that is not hex', [{ to: TOKEN, data: '0xzz' }], /needs `data`/],
    ['an odd number of hex digits', [{ to: TOKEN, data: '0xabc' }], /odd number/],
    ['a decimal value', [{ to: TOKEN, data: '0x', value: '10' }], /hex quantity/],
    ['a second bad call after a good one', [{ to: TOKEN, data: '0x' }, { to: TOKEN }], /call #2/],
    ['a call that is not an object', ['0x'], /call #1/],
  ])('refuses %s with -32602', (_name, calls, message) => {
    expect(() => parseSendCalls(batch(calls))).toThrow(message)
    try {
      parseSendCalls(batch(calls))
    } catch (error) {
      expect(error).toMatchObject({ code: -32602 })
    }
  })

  it('refuses requests without a batch', () => {
    for (const params of [undefined, [], [null], ['x'], [{}], [{ calls: [] }], { calls: [] }])
      expect(() => parseSendCalls(params)).toThrow(/Invalid wallet_sendCalls request/)
  })

  it('refuses oversized batches, bad chain ids and senders', () => {
    const many = Array.from({ length: MAX_BATCH_CALLS + 1 }, () => ({ to: TOKEN, data: '0x' }))
    expect(() => parseSendCalls(batch(many))).toThrow(
      expect.objectContaining({ code: 5740 }) as never,
    )
    expect(() => parseSendCalls(batch([{ to: TOKEN, data: '0x' }], { chainId: 1 }))).toThrow(
      /chainId/,
    )
    expect(() => parseSendCalls(batch([{ to: TOKEN, data: '0x' }], { from: 'me' }))).toThrow(/from/)
  })

  it('refuses a required capability it does not know, and ignores optional ones', () => {
    const call = [{ to: TOKEN, data: '0x' }]
    expect(() =>
      parseSendCalls(batch(call, { capabilities: { auxiliaryFunds: { supported: true } } })),
    ).toThrow(expect.objectContaining({ code: 5700 }) as never)
    expect(
      parseSendCalls(
        batch(call, {
          capabilities: {
            auxiliaryFunds: { optional: true },
            paymasterService: { url: 'http://x' },
          },
        }),
      ).calls,
    ).toHaveLength(1)
  })
})
