import { describe, expect, it } from 'vitest'
import { parseAmount, parseChain, parseSlippage, parseToken, parseUser } from './caip.js'
import { NATIVE_TOKEN } from './types.js'

const code = (fn: () => unknown) => {
  try {
    fn()
  } catch (error) {
    return (error as { code?: string }).code
  }
  return 'no error'
}

describe('CAIP ids, amounts and slippage', () => {
  it('reads tokens, the native coin in any letter case', () => {
    expect(parseToken('eip155:1:0xEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEEE', 'from')).toEqual({
      chainId: 1,
      address: NATIVE_TOKEN,
    })
    expect(parseToken('eip155:8453:0x833589fcd6edb6e08f4c7c32d4f71b54bda02913', 'to')).toEqual({
      chainId: 8453,
      address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    })
  })

  it('refuses malformed ids with SWAP_BAD_TOKEN / SWAP_BAD_CHAIN', () => {
    for (const bad of [
      '',
      'eip155:0:0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
      'eip155:1:0x833589',
      'eip155:1:833589fcd6edb6e08f4c7c32d4f71b54bda02913aa',
      'cosmos:1:0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
      'eip155:1:0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02914',
      'eip155:99999999999999999:0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
    ])
      expect({ bad, code: code(() => parseToken(bad, 'from')) }).toEqual({
        bad,
        code: 'SWAP_BAD_TOKEN',
      })
    for (const bad of ['1', 'eip155:', 'eip155:01', 'x:y'])
      expect(code(() => parseChain(bad))).toBe('SWAP_BAD_CHAIN')
    // Another family's network is well formed: the seed's message, not a format error.
    expect(code(() => parseChain('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'))).toBe(
      'SWAP_NETWORK_UNSUPPORTED',
    )
  })

  it('takes whole positive amounts within uint256 only', () => {
    expect(parseAmount('1')).toBe(1n)
    expect(parseAmount((2n ** 256n - 1n).toString())).toBe(2n ** 256n - 1n)
    for (const bad of [
      '0',
      '000',
      '-1',
      '1e18',
      '1.0',
      ' 1',
      '0x10',
      (2n ** 256n).toString(),
      '9'.repeat(79),
    ])
      expect({ bad, code: code(() => parseAmount(bad)) }).toEqual({ bad, code: 'SWAP_BAD_AMOUNT' })
  })

  it('reads slippage as a percentage: default 1 %, at most 50 %', () => {
    expect(parseSlippage(undefined)).toBe(100)
    expect(parseSlippage('0.5')).toBe(50)
    expect(parseSlippage('50')).toBe(5000)
    for (const bad of ['0', '51', '-1', 'NaN', '1e1', '100'])
      expect(code(() => parseSlippage(bad))).toBe('SWAP_BAD_SLIPPAGE')
  })

  it('reads a user as an address or a CAIP-10 account', () => {
    const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    expect(parseUser(address.toLowerCase())).toBe(address)
    expect(parseUser(`eip155:1:${address}`)).toBe(address)
    expect(code(() => parseUser('0x7099'))).toBe('SWAP_BAD_ADDRESS')
  })
})
