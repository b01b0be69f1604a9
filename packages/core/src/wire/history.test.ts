import { Value } from 'typebox/value'
import { describe, expect, expectTypeOf, it } from 'vitest'
import {
  HistoryPage,
  type OperationType,
  type Transaction,
  type TransactionStatus,
  type TransactionTransfer,
  type TransferDirection,
} from './history.js'

const page: HistoryPage = {
  data: [
    {
      id: 'eip155:1:0xabc',
      metadata: {
        operationType: 'receive',
        hash: '0xabc',
        minedAt: '2026-01-01T00:00:00.000Z',
        sentFrom: '0x1',
        sentTo: '0x2',
        status: 'confirmed',
        nonce: 3,
        chain: 'eip155:1',
      },
      transfers: [
        {
          fungible_info: { name: 'Ether', symbol: 'ETH', flags: { is_spam: false } },
          direction: 'in',
          quantity: { numeric: '1.5' },
        },
        { nft_info: { flags: { is_spam: true } }, direction: 'self', quantity: { numeric: '1' } },
      ],
    },
  ],
  next: null,
}

describe('the history wire schema', () => {
  it('accepts a page of the wire format and refuses one off it', () => {
    expect(Value.Check(HistoryPage, page)).toBe(true)
    const offShape = structuredClone(page) as unknown as {
      data: { transfers: { direction: string }[] }[]
    }
    offShape.data[0]!.transfers[0]!.direction = 'sideways'
    expect(Value.Check(HistoryPage, offShape)).toBe(false)
    expect(Value.Check(HistoryPage, { data: [], next: 3 })).toBe(false)
  })

  it('derives the types the clients read', () => {
    expectTypeOf<TransactionStatus>().toEqualTypeOf<'confirmed' | 'failed' | 'pending'>()
    expectTypeOf<TransferDirection>().toEqualTypeOf<'in' | 'out' | 'self'>()
    expectTypeOf<Transaction['transfers']>().toEqualTypeOf<TransactionTransfer[] | null>()
    expectTypeOf<TransactionTransfer['direction']>().toEqualTypeOf<TransferDirection>()
    expectTypeOf<TransactionTransfer['value']>().toEqualTypeOf<number | undefined>()
    expectTypeOf<'send'>().toExtend<Transaction['metadata']['operationType']>()
    expectTypeOf<OperationType>().toExtend<Transaction['metadata']['operationType']>()
    expectTypeOf<HistoryPage['next']>().toEqualTypeOf<string | null>()
  })
})
