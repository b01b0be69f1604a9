import { hashTypedData } from 'viem'
import { describe, expect, it } from 'vitest'
import { InvalidTypedDataError, TypedDataChainMismatchError } from './errors.js'
import { permit2Batch, permit2Single, usdcPermit } from './fixtures.js'
import { parseTypedData } from './typedData.js'

const clone = <value>(v: value): value => JSON.parse(JSON.stringify(v))

describe('parseTypedData', () => {
  it('parses the JSON string a dapp sends into a labelled tree, signing what it shows', () => {
    const parsed = parseTypedData(JSON.stringify(permit2Single), 1)
    expect(parsed.primaryType).toBe('PermitSingle')
    expect(parsed.domainTree.map((f) => [f.label, f.value])).toEqual([
      ['name', 'Permit2'],
      ['chainId', '1'],
      ['verifyingContract', '0x000000000022D473030F116dDEE9F6B43aC78BA3'],
    ])
    expect(parsed.messageTree[0]).toMatchObject({
      label: 'details',
      children: [
        { label: 'token', value: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
        { label: 'amount', value: (2n ** 160n - 1n).toString() },
        { label: 'expiration', value: '1769817600' },
        { label: 'nonce', value: '0' },
      ],
    })
    const { EIP712Domain: _, ...types } = permit2Single.types
    expect(hashTypedData(parsed.definition)).toBe(
      hashTypedData({ ...permit2Single, types } as never),
    )
  })

  it('labels list items', () => {
    const parsed = parseTypedData(permit2Batch, 1)
    expect(parsed.messageTree[0]!.children!.map((f) => f.label)).toEqual(['#1', '#2'])
  })

  it('refuses a domain for another chain before anything is shown', () => {
    expect(() => parseTypedData(usdcPermit, 31337)).toThrow(TypedDataChainMismatchError)
    expect(() => parseTypedData(usdcPermit, 31337)).toThrow(
      'Typed data is for chain 1, but the wallet is on chain 31337',
    )
  })

  it.each([
    ['not JSON', '{"types":', 'it is not JSON'],
    ['a primaryType it does not define', { ...usdcPermit, primaryType: 'Nope' }, 'primaryType'],
    [
      'a missing field',
      { ...usdcPermit, message: { ...usdcPermit.message, spender: undefined } },
      'message.spender is missing',
    ],
    [
      'a field its type does not declare (it would not be signed)',
      { ...usdcPermit, message: { ...usdcPermit.message, note: 'free tokens' } },
      'message.note is not part of type Permit',
    ],
    [
      'a value out of its range',
      { ...usdcPermit, message: { ...usdcPermit.message, value: (2n ** 256n).toString() } },
      'out of range',
    ],
    [
      'a bad address',
      { ...usdcPermit, message: { ...usdcPermit.message, spender: '0x1234' } },
      'message.spender is not an address',
    ],
    [
      'an unknown type',
      (() => {
        const data = clone(usdcPermit)
        data.types.Permit[0]!.type = 'Address'
        return data
      })(),
      'unknown type',
    ],
  ])('refuses %s', (_, data, message) => {
    expect(() => parseTypedData(data, 1)).toThrow(InvalidTypedDataError)
    expect(() => parseTypedData(data, 1)).toThrow(message)
  })
})
