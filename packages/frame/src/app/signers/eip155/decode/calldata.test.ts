import { encodeFunctionData, maxUint256, parseAbi } from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeCalldata, standardAbi } from './calldata.js'
import { USDC } from './fixtures.js'
import type { TokenBook } from './format.js'

const tokens: TokenBook = new Map([[USDC.toLowerCase(), { symbol: 'USDC', decimals: 6 }]])
const SPENDER = '0x1111111111111111111111111111111111111111'
const NFT = '0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D'
const ME = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const encode = (functionName: string, args: unknown[]) =>
  encodeFunctionData({ abi: standardAbi, functionName, args } as never)

describe('decodeCalldata', () => {
  it('ERC-20 transfer, in token units', () => {
    const call = decodeCalldata(USDC, encode('transfer', [SPENDER, 1_500_000n]), tokens)!
    expect(call.sentence).toBe(`Send 1.5 USDC to ${SPENDER}`)
    expect(call.tokenOut).toEqual({ token: USDC, from: undefined, amount: 1_500_000n })
  })

  it('ERC-20 approve of the maximum says Unlimited and warns', () => {
    const call = decodeCalldata(USDC, encode('approve', [SPENDER, maxUint256]), tokens)!
    expect(call.sentence).toBe(`Allow ${SPENDER} to spend Unlimited USDC`)
    expect(call.dangers).toEqual([expect.stringContaining('Unlimited approval')])
    expect(decodeCalldata(USDC, encode('approve', [SPENDER, 5n]), tokens)!.dangers).toEqual([])
  })

  it('transferFrom names both sides', () => {
    const call = decodeCalldata(USDC, encode('transferFrom', [ME, SPENDER, 10n]), tokens)!
    expect(call.fields.map((f) => f.value)).toEqual([ME, SPENDER, '10'])
  })

  it('ERC-721 and ERC-1155 transfers', () => {
    const safe = encodeFunctionData({
      abi: parseAbi(['function safeTransferFrom(address,address,uint256)']),
      args: [ME, SPENDER, 42n],
    })
    expect(decodeCalldata(NFT, safe)!.sentence).toBe(
      `Transfer 1 × item #42 of ${NFT} from ${ME} to ${SPENDER}`,
    )
    const single = encodeFunctionData({
      abi: parseAbi(['function safeTransferFrom(address,address,uint256,uint256,bytes)']),
      args: [ME, SPENDER, 7n, 3n, '0x'],
    })
    expect(decodeCalldata(NFT, single)!.sentence).toContain('3 × item #7')
    const batch = encode('safeBatchTransferFrom', [ME, SPENDER, [1n, 2n], [5n, 6n], '0x'])
    expect(decodeCalldata(NFT, batch)!.sentence).toContain('5 × item #1, 6 × item #2')
  })

  it('setApprovalForAll(true) is a danger; (false) is not', () => {
    const on = decodeCalldata(NFT, encode('setApprovalForAll', [SPENDER, true]))!
    expect(on.sentence).toBe(`Allow ${SPENDER} to move ALL of your items in collection ${NFT}`)
    expect(on.dangers).toEqual([expect.stringContaining('could take every item you own')])
    expect(decodeCalldata(NFT, encode('setApprovalForAll', [SPENDER, false]))!.dangers).toEqual([])
  })

  it('multicall decodes each inner call and keeps their dangers', () => {
    const inner = [
      encode('approve', [SPENDER, maxUint256]),
      encode('transfer', [SPENDER, 1n]),
      '0xdeadbeef' as const,
    ]
    const call = decodeCalldata(
      USDC,
      encodeFunctionData({
        abi: parseAbi(['function multicall(uint256 deadline, bytes[] data)']),
        args: [1n, inner],
      }),
      tokens,
    )!
    expect(call.sentence).toBe('Run 3 calls in one transaction')
    expect(call.fields.map((f) => f.label)).toEqual([
      `Call #1: Allow ${SPENDER} to spend Unlimited USDC`,
      `Call #2: Send 0.000001 USDC to ${SPENDER}`,
      'Call #3: Unknown call 0xdeadbeef (4 bytes)',
    ])
    expect(call.dangers).toHaveLength(1)
  })

  it('unknown selectors and short data are not decoded', () => {
    expect(decodeCalldata(USDC, '0x12345678')).toBeUndefined()
    expect(decodeCalldata(USDC, '0x12')).toBeUndefined()
  })
})
