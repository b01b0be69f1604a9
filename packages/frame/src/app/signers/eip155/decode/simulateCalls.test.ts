import { type Hex, pad } from 'viem'
import { describe, expect, it } from 'vitest'
import type { Request } from './simulate.js'
import { simulateCalls } from './simulateCalls.js'

const SAFE = '0x5afe00000000000000000000000000000000cafe'
const TOKEN = '0x35d81e9b5b2e4dfa5d0393ba50b4015463739831'
const OTHER = '0x000000000000000000000000000000000000beef'
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const transferLog = (from: string, to: string, amount: bigint) => ({
  address: TOKEN,
  topics: [TRANSFER, pad(from as Hex), pad(to as Hex)],
  data: pad(`0x${amount.toString(16)}`),
})
const calls = [
  { to: TOKEN as Hex, data: '0x01' as Hex },
  { to: TOKEN as Hex, data: '0x02' as Hex, value: 5n },
]

/** A node whose eth_simulateV1 answers `results` and records what it was asked. */
function node(results: unknown) {
  const asked: unknown[] = []
  const request: Request = async (args) => {
    asked.push(args)
    if (args.method !== 'eth_simulateV1') throw new Error('not expected')
    if (results instanceof Error) throw results
    return [{ calls: results }]
  }
  return { request, asked }
}

describe('simulateCalls', () => {
  it('runs every call from the account in one block and nets their transfers', async () => {
    const { request, asked } = node([
      { status: '0x1', logs: [transferLog(OTHER, SAFE, 10n)] },
      { status: '0x1', logs: [transferLog(SAFE, OTHER, 4n)] },
    ])
    expect(await simulateCalls(request, SAFE, calls)).toEqual({
      status: 'success',
      source: 'simulation',
      effects: [{ kind: 'erc20', token: TOKEN, amount: 6n }],
    })
    expect(asked).toEqual([
      {
        method: 'eth_simulateV1',
        params: [
          {
            blockStateCalls: [
              {
                calls: [
                  { from: SAFE, to: TOKEN, data: '0x01' },
                  { from: SAFE, to: TOKEN, value: '0x5', data: '0x02' },
                ],
              },
            ],
            traceTransfers: true,
          },
          'latest',
        ],
      },
    ])
  })

  it('names the call that would fail, with its reason', async () => {
    const { request } = node([
      { status: '0x1', logs: [] },
      { status: '0x0', error: { message: 'execution reverted: UniswapV2Router: EXPIRED' } },
    ])
    expect(await simulateCalls(request, SAFE, calls)).toEqual({
      status: 'revert',
      reason: 'call #2: UniswapV2Router: EXPIRED',
    })
  })

  it('a node without eth_simulateV1, or one that answers for fewer calls, leaves it unsimulated', async () => {
    expect(
      (await simulateCalls(node(new Error('Method not found')).request, SAFE, calls)).status,
    ).toBe('unavailable')
    expect((await simulateCalls(node([{ status: '0x1' }]).request, SAFE, calls)).status).toBe(
      'unavailable',
    )
  })
})
