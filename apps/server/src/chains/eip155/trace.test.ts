import { describe, expect, it } from 'vitest'
import {
  internalTransfersFromCallTracer,
  internalTransfersFromParity,
  type ParityTrace,
} from './trace.js'

const TX = `0x${'ab'.repeat(32)}`
const C = '0xc000000000000000000000000000000000000000'
const D = '0xd000000000000000000000000000000000000000'
const E = '0xe000000000000000000000000000000000000000'

describe('internalTransfersFromParity', () => {
  it('keeps nested value calls and skips the top level, failed subtrees and delegatecalls', () => {
    const traces: ParityTrace[] = [
      {
        type: 'call',
        action: { callType: 'call', from: E, to: C, value: '0x5' },
        traceAddress: [],
        transactionHash: TX,
      },
      {
        type: 'call',
        action: { callType: 'call', from: C, to: D, value: '0x2' },
        traceAddress: [0],
        transactionHash: TX,
      },
      {
        type: 'call',
        action: { callType: 'call', from: C, to: E, value: '0x1' },
        traceAddress: [1],
        transactionHash: TX,
        error: 'Reverted',
      },
      {
        type: 'call',
        action: { callType: 'call', from: E, to: D, value: '0x1' },
        traceAddress: [1, 0],
        transactionHash: TX,
      },
      {
        type: 'call',
        action: { callType: 'delegatecall', from: C, to: D, value: '0x5' },
        traceAddress: [2],
        transactionHash: TX,
      },
      {
        type: 'suicide',
        action: { address: C, refundAddress: E, balance: '0x3' },
        traceAddress: [3],
        transactionHash: TX,
      },
      { type: 'reward', action: { value: '0x9' }, traceAddress: [], transactionHash: null },
    ]
    const events = internalTransfersFromParity(traces)
    expect(events.map((e) => [e.from, e.to, e.amount, e.item])).toEqual([
      [C, D, 2n, 0],
      [C, E, 3n, 1],
    ])
    expect(events.every((e) => e.kind === 'internal' && e.logIndex === -2)).toBe(true)
  })

  it('drops everything of a transaction whose top level failed', () => {
    const traces: ParityTrace[] = [
      {
        type: 'call',
        action: { callType: 'call', from: E, to: C, value: '0x0' },
        traceAddress: [],
        transactionHash: TX,
        error: 'Reverted',
      },
      {
        type: 'call',
        action: { callType: 'call', from: C, to: D, value: '0x2' },
        traceAddress: [0],
        transactionHash: TX,
      },
    ]
    expect(internalTransfersFromParity(traces)).toEqual([])
  })
})

describe('internalTransfersFromCallTracer', () => {
  it('walks nested frames depth first and skips failed ones', () => {
    const events = internalTransfersFromCallTracer(
      [
        {
          result: {
            type: 'CALL',
            from: E,
            to: C,
            value: '0x5',
            calls: [
              {
                type: 'CALL',
                from: C,
                to: D,
                value: '0x2',
                calls: [{ type: 'CALL', from: D, to: E, value: '0x1' }],
              },
              { type: 'CALL', from: C, to: E, value: '0x7', error: 'execution reverted' },
              { type: 'DELEGATECALL', from: C, to: D, value: '0x5' },
              { type: 'CREATE2', from: C, to: D, value: '0x4' },
            ],
          },
        },
      ],
      [TX],
    )
    expect(events.map((e) => [e.from, e.to, e.amount, e.item, e.txHash])).toEqual([
      [C, D, 2n, 0, TX],
      [D, E, 1n, 1, TX],
      [C, D, 4n, 2, TX],
    ])
  })
})
