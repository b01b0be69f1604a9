import { describe, expect, it } from 'vitest'
import { callsStatus, parseCallsId, type UserOperationReceipt } from './status.js'

const HASH = `0x${'ab'.repeat(32)}` as const
const receipt = (success: boolean): UserOperationReceipt => ({
  success,
  logs: [{ address: '0x01' }],
  receipt: {
    transactionHash: `0x${'cd'.repeat(32)}`,
    blockHash: `0x${'ef'.repeat(32)}`,
    blockNumber: '0x10',
    gasUsed: '0x5208',
    status: '0x1',
  },
})

describe('callsStatus (EIP-5792 wallet_getCallsStatus from a user operation receipt)', () => {
  it('is pending (100) until the bundler has a receipt', () => {
    expect(callsStatus(HASH, 31337, null)).toEqual({
      version: '2.0.0',
      id: HASH,
      chainId: '0x7a69',
      status: 100,
      atomic: true,
    })
  })

  it('is confirmed (200) with one receipt holding the operation own logs', () => {
    expect(callsStatus(HASH, 31337, receipt(true))).toMatchObject({
      status: 200,
      receipts: [{ status: '0x1', logs: [{ address: '0x01' }], blockNumber: '0x10' }],
    })
  })

  it('is reverted (500) when the operation failed, though its bundle transaction succeeded', () => {
    expect(callsStatus(HASH, 31337, receipt(false))).toMatchObject({
      status: 500,
      receipts: [{ status: '0x0' }],
    })
  })

  it('refuses ids it could not have handed out', () => {
    for (const params of [[], ['0x12'], [123], [`0x${'zz'.repeat(32)}`], undefined])
      expect(() => parseCallsId(params)).toThrow(expect.objectContaining({ code: 5730 }) as never)
    expect(parseCallsId([HASH])).toBe(HASH)
  })
})
