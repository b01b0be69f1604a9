import { describe, expect, it } from 'vitest'
import {
  DAI,
  daiPermit,
  permit2Batch,
  permit2BatchTransferFrom,
  permit2Single,
  permit2TransferFrom,
  seaportListing,
  seaportOrder,
  UNIVERSAL_ROUTER,
  USDC,
  usdcPermit,
  WETH,
} from './fixtures.js'
import type { TokenBook } from './format.js'
import { recognise } from './permits.js'
import { parseTypedData } from './typedData.js'
import { typedDataView } from './typedDataView.js'

const tokens: TokenBook = new Map([
  [USDC.toLowerCase(), { symbol: 'USDC', decimals: 6 }],
  [DAI.toLowerCase(), { symbol: 'DAI', decimals: 18 }],
  [WETH.toLowerCase(), { symbol: 'WETH', decimals: 18 }],
])
const sentences = (data: unknown) => recognise(parseTypedData(data, 1))!.sentences(tokens)

describe('recognise', () => {
  it('ERC-2612 permit (USDC)', () => {
    expect(recognise(parseTypedData(usdcPermit, 1))?.standard).toBe('ERC-2612 permit')
    expect(sentences(usdcPermit)).toEqual([
      `Allow ${UNIVERSAL_ROUTER} to spend 250 USDC until 2026-01-01 00:00 UTC`,
    ])
  })

  it('DAI permit: allowed means unlimited, expiry 0 means none', () => {
    const found = recognise(parseTypedData(daiPermit, 1))!
    expect(found.unlimited).toBe(true)
    expect(found.sentences(tokens)).toEqual([
      `Allow ${UNIVERSAL_ROUTER} to spend Unlimited DAI until no expiry`,
    ])
  })

  it('Permit2 single and batch allowances; the max uint160 says Unlimited', () => {
    expect(sentences(permit2Single)).toEqual([
      `Allow ${UNIVERSAL_ROUTER} to spend Unlimited USDC until 2026-01-31 00:00 UTC`,
    ])
    expect(sentences(permit2Batch)).toEqual([
      `Allow ${UNIVERSAL_ROUTER} to spend 1000 USDC until 2026-01-31 00:00 UTC`,
      `Allow ${UNIVERSAL_ROUTER} to spend Unlimited WETH until no expiry`,
    ])
  })

  it('Permit2 signature transfers (single and batch)', () => {
    expect(sentences(permit2TransferFrom)).toEqual([
      `Allow ${UNIVERSAL_ROUTER} to transfer 5 DAI from your account once, until 2026-01-01 00:00 UTC`,
    ])
    expect(sentences(permit2BatchTransferFrom)[1]).toContain('Unlimited USDC')
  })

  it('Seaport order: what you give and what you receive', () => {
    expect(sentences(seaportListing)).toEqual([
      'List for sale from 2025-12-31 00:00 UTC until 2026-01-31 00:00 UTC',
      'You give: 1 × NFT item #7804 of 0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D',
      'You receive: 9750000000000000000 wei of the native currency',
      '0x0000a26b00c1F0DF003000390027140000fAa719 receives: 250000000000000000 wei of the native currency',
    ])
  })

  it('unknown typed data is left to the labelled tree', () => {
    const mail = {
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      domain: { name: 'Mail', chainId: 1 },
      message: { contents: 'hi' },
    }
    expect(recognise(parseTypedData(mail, 1))).toBeUndefined()
  })
})

describe('typedDataView dangers', () => {
  it('warns of an unlimited permit to a spender the user has not used', () => {
    const view = typedDataView(parseTypedData(permit2Single, 1), { chainId: 1, tokens })
    expect(view.title).toBe('Sign Permit2 allowance')
    expect(view.dangers).toEqual([
      expect.stringContaining(
        `Unlimited approval: ${UNIVERSAL_ROUTER} could take all of your USDC`,
      ),
      expect.stringContaining('is not a contract you have used before'),
    ])
    expect(view.sections[0]!.fields).toContainEqual({
      label: 'Chain',
      value: 'Ethereum (id 1)',
      mono: true,
    })
  })

  it('a permit to an address without code says it is an account; a used contract is quiet', () => {
    const eoa = typedDataView(parseTypedData(usdcPermit, 1), {
      chainId: 1,
      tokens,
      hasCode: new Map([[UNIVERSAL_ROUTER.toLowerCase(), false]]),
    })
    expect(eoa.dangers).toContainEqual(expect.stringContaining('is not a contract: it is'))
    const used = typedDataView(parseTypedData(usdcPermit, 1), {
      chainId: 1,
      tokens,
      usedContracts: new Set([UNIVERSAL_ROUTER.toLowerCase()]),
      hasCode: new Map([[UNIVERSAL_ROUTER.toLowerCase(), true]]),
    })
    expect(used.dangers).toEqual([])
  })

  it('a Seaport order that pays the offerer nothing is flagged', () => {
    const free = seaportOrder([
      {
        itemType: '0',
        token: '0x0000000000000000000000000000000000000000',
        identifierOrCriteria: '0',
        startAmount: '1',
        endAmount: '1',
        recipient: '0x000000000000000000000000000000000000dEaD',
      },
    ])
    const view = typedDataView(parseTypedData(free, 1), {
      chainId: 1,
      usedContracts: new Set(['0x00000000000000adc04c56bf30ac9d3c0aaf14dc']),
    })
    expect(view.summary).toContain('You receive: nothing')
    expect(view.dangers).toContain(
      'This order gives your items away and pays you nothing in return.',
    )
  })
})
