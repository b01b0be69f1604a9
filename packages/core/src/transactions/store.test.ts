import { describe, expect, it } from 'vitest'
import { ApiError } from '../api/errors.js'
import { fungible, nft, tx } from './fixtures.testing.js'
import { createTransactionsStore, type FetchErrorEvent, type TransactionsDeps } from './store.js'
import type { HistoryPage } from './types.js'

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const CHAIN = 'eip155:31337'

function setup(pages: Record<string, HistoryPage | Error>) {
  const tracked: FetchErrorEvent[] = []
  const errors: string[] = []
  const calls: Array<string | undefined> = []
  const deps: TransactionsDeps = {
    async fetchPage({ cursor }) {
      calls.push(cursor)
      const page = pages[cursor ?? 'first']
      if (!page) throw new Error(`no page ${cursor}`)
      if (page instanceof Error) throw page
      return page
    },
    track: (e) => tracked.push(e),
    showError: (m) => errors.push(m),
    projectId: () => 'p1',
    isSmartAccount: () => false,
  }
  return { txs: createTransactionsStore(deps), tracked, errors, calls }
}

describe('transactions store', () => {
  it('refuses to fetch without an account', async () => {
    const { txs } = setup({})
    await expect(txs.fetchTransactions(undefined, CHAIN)).rejects.toThrow(
      "Transactions can't be fetched without an accountAddress",
    )
  })

  it('is loading while fetching, then merges pages and follows the cursor', async () => {
    const { txs, calls } = setup({
      first: {
        data: [tx('1', '2025-02-01T00:00:00Z'), tx('2', '2025-01-01T00:00:00Z')],
        next: 'c2',
      },
      c2: { data: [tx('3', '2024-06-01T00:00:00Z')], next: null },
    })
    const pending = txs.fetchTransactions(ACCOUNT, CHAIN)
    expect(txs.getState().loading).toBe(true)
    await pending
    expect(txs.getState()).toMatchObject({ loading: false, empty: false, next: 'c2' })
    await txs.fetchTransactions(ACCOUNT, CHAIN)
    expect(calls).toEqual([undefined, 'c2'])
    expect(txs.getState().transactions.map((t) => t.id)).toEqual(['1', '2', '3'])
    expect(txs.getState().next).toBeUndefined()
    expect(Object.keys(txs.getState().transactionsByYear).sort()).toEqual(['2024', '2025'])
  })

  it('drops spam-only and other-chain transactions, and is empty when nothing is left', async () => {
    const { txs } = setup({
      first: {
        data: [
          tx('spam', '2025-01-01T00:00:00Z', { transfers: [nft('Free claim', true)] }),
          tx('other', '2025-01-01T00:00:00Z', { chain: 'eip155:1' }),
        ],
        next: null,
      },
    })
    await txs.fetchTransactions(ACCOUNT, CHAIN)
    expect(txs.getState()).toMatchObject({ transactions: [], empty: true, loading: false })
  })

  it('keeps a transaction that carries spam beside a real token', async () => {
    const { txs } = setup({
      first: {
        data: [
          tx('mixed', '2025-01-01T00:00:00Z', {
            transfers: [nft('Free claim', true), fungible('5', 'LUSD')],
          }),
        ],
        next: null,
      },
    })
    await txs.fetchTransactions(ACCOUNT, CHAIN)
    expect(txs.getState().transactions.map((t) => t.id)).toEqual(['mixed'])
  })

  it('on failure: error message, tracked event, loading false, empty true, cursor cleared', async () => {
    const { txs, tracked, errors } = setup({
      first: { data: [tx('1', '2025-01-01T00:00:00Z')], next: 'c2' },
      c2: new Error('boom'),
    })
    await txs.fetchTransactions(ACCOUNT, CHAIN)
    await txs.fetchTransactions(ACCOUNT, CHAIN)
    expect(errors).toEqual(['Failed to fetch transactions'])
    expect(tracked).toEqual([
      {
        type: 'track',
        event: 'ERROR_FETCH_TRANSACTIONS',
        properties: { address: ACCOUNT, projectId: 'p1', cursor: 'c2', isSmartAccount: false },
      },
    ])
    expect(txs.getState()).toMatchObject({
      loading: false,
      empty: true,
      next: undefined,
      error: 'Failed to fetch transactions',
    })
  })

  it('a network the server keeps no history for is empty and unsupported, not an error', async () => {
    const { txs, tracked, errors } = setup({
      first: new ApiError('UNSUPPORTED_CHAIN', 400, 'This network has no history here.'),
    })
    await txs.fetchTransactions(ACCOUNT, 'eip155:5')
    expect(txs.getState()).toMatchObject({
      loading: false,
      empty: true,
      unsupported: true,
      error: undefined,
    })
    expect(errors).toEqual([])
    expect(tracked).toEqual([])
  })

  it('drops a page that arrives after a reset (account or network changed)', async () => {
    const { txs } = setup({ first: { data: [tx('1', '2025-01-01T00:00:00Z')], next: 'c2' } })
    const pending = txs.fetchTransactions(ACCOUNT, CHAIN)
    txs.reset()
    await pending
    expect(txs.getState()).toMatchObject({ transactions: [], loading: false, next: undefined })
  })

  it('shares one request between identical concurrent fetches', async () => {
    const { txs, calls } = setup({ first: { data: [tx('1', '2025-01-01T00:00:00Z')], next: null } })
    await Promise.all([
      txs.fetchTransactions(ACCOUNT, CHAIN),
      txs.fetchTransactions(ACCOUNT.toLowerCase(), CHAIN),
    ])
    expect(calls).toEqual([undefined])
  })

  it('clearCursor restarts pagination; reset clears everything', async () => {
    const { txs, calls } = setup({ first: { data: [tx('1', '2025-01-01T00:00:00Z')], next: 'c2' } })
    await txs.fetchTransactions(ACCOUNT, CHAIN)
    txs.clearCursor()
    expect(txs.getState().next).toBeUndefined()
    await txs.fetchTransactions(ACCOUNT, CHAIN)
    expect(calls).toEqual([undefined, undefined])
    expect(txs.getState().transactions).toHaveLength(1)
    txs.reset()
    expect(txs.getState()).toEqual({
      transactions: [],
      transactionsByYear: {},
      lastNetworkInView: undefined,
      loading: false,
      empty: false,
      next: undefined,
      error: undefined,
      unsupported: false,
    })
  })
})
