import { describe, expect, it } from 'vitest'
import { requiredFee } from './ante.js'
import { RpcError } from './errors.js'
import { paginate, parseQuery } from './query.js'

describe('tx_search queries', () => {
  it('parse conditions joined by AND, strings quoted, numbers bare', () => {
    expect(
      parseQuery(
        "message.sender='cosmos1abc' AND tx.height>=5 AND transfer.amount CONTAINS 'ustake'",
      ),
    ).toEqual([
      { key: 'message.sender', op: '=', value: 'cosmos1abc' },
      { key: 'tx.height', op: '>=', value: 5 },
      { key: 'transfer.amount', op: 'CONTAINS', value: 'ustake' },
    ])
    expect(parseQuery('tx.fee EXISTS')).toEqual([{ key: 'tx.fee', op: 'EXISTS' }])
  })

  it('refuse what they cannot parse, rather than match everything', () => {
    for (const bad of ['', "message.sender='x' OR tx.height=1", 'message.sender=x', "a.b='x' AND"])
      expect(() => parseQuery(bad)).toThrow(RpcError)
  })

  it('page as CometBFT: 30 by default, at most 100, page within range', () => {
    const items = Array.from({ length: 65 }, (_, i) => i)
    expect(paginate(items).items).toHaveLength(30)
    expect(paginate(items, 3).items).toEqual([60, 61, 62, 63, 64])
    expect(paginate(items, 1, 500).items).toHaveLength(65)
    expect(() => paginate(items, 4)).toThrow(
      expect.objectContaining({ data: 'page should be within [1, 3] range, given 4' }),
    )
    expect(() => paginate(items, 0)).toThrow(RpcError)
    expect(paginate([], 1).total).toBe(0)
  })
})

describe('minimum fee', () => {
  it('is 0.025ustake per gas, rounded up', () => {
    expect(requiredFee(100_000n)).toEqual({ denom: 'ustake', amount: 2500n })
    expect(requiredFee(100_001n)).toEqual({ denom: 'ustake', amount: 2501n })
    expect(requiredFee(0n).amount).toBe(0n)
  })
})
