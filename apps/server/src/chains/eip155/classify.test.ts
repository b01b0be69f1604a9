import type { Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { classify } from './classify.js'
import { ZERO_ADDRESS } from './decode.js'
import type { ChainEvent } from './types.js'

const A = '0xa000000000000000000000000000000000000000' as Address
const B = '0xb000000000000000000000000000000000000000' as Address
const T = '0x7000000000000000000000000000000000000000' as Address
const U = '0x7100000000000000000000000000000000000000' as Address
const Z = ZERO_ADDRESS as Address

const ev = (
  kind: ChainEvent['kind'],
  from: Address,
  to: Address,
  token: Address | null = null,
): ChainEvent => ({
  txHash: '0x01',
  logIndex: 0,
  item: 0,
  kind,
  token,
  tokenId: null,
  from,
  to,
  amount: 1n,
})
const call = { from: A, to: T, selector: '0xa9059cbb' }

describe('classify', () => {
  it('is a send for the sender and a receive for the recipient', () => {
    const events = [ev('native', A, B)]
    expect(classify(A, { from: A, to: B, selector: null }, events)).toBe('send')
    expect(classify(B, { from: A, to: B, selector: null }, events)).toBe('receive')
    const token = [ev('erc20', A, B, T)]
    expect(classify(A, call, token)).toBe('send')
    expect(classify(B, call, token)).toBe('receive')
  })

  it('recognises trades, mints, burns and self-sends', () => {
    expect(classify(A, call, [ev('erc20', A, B, T), ev('erc20', B, A, U)])).toBe('trade')
    expect(classify(A, call, [ev('native', A, T), ev('erc20', T, A, U)])).toBe('trade')
    expect(classify(A, call, [ev('erc721', Z, A, T)])).toBe('mint')
    expect(classify(A, call, [ev('erc20', A, Z, T)])).toBe('burn')
    expect(classify(A, { from: A, to: A, selector: null }, [ev('native', A, A)])).toBe('send')
  })

  it('recognises deploys, approvals and contract calls', () => {
    expect(classify(A, { from: A, to: null, selector: '0x60806040' }, [])).toBe('deploy')
    expect(classify(A, call, [ev('approval', A, B, T)])).toBe('approve')
    expect(classify(B, call, [ev('approval_all', A, B, T)])).toBe('approve')
    expect(classify(A, call, [])).toBe('execute')
    expect(classify(T, call, [])).toBe('execute')
    expect(classify(A, { from: A, to: B, selector: null }, [])).toBe('send')
  })
})
