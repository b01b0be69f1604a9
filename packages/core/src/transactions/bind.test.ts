import { describe, expect, it } from 'vitest'
import { bindHistory } from './bind.js'
import { tx } from './fixtures.testing.js'
import { createTransactionsStore } from './store.js'
import type { HistoryPage } from './types.js'

/** A history store whose pages the test hands out; `asked` lists each page asked for. */
function historyStore() {
  const asked: string[] = []
  const pending: Array<(page: HistoryPage) => void> = []
  const history = createTransactionsStore({
    fetchPage: ({ account, chainId }) => {
      asked.push(`${account}|${chainId}`)
      return new Promise((resolve) => pending.push(resolve))
    },
    track: () => {},
    showError: () => {},
    projectId: () => 'p1',
    isSmartAccount: () => false,
  })
  const answer = (id: string, chain: string) =>
    pending.shift()?.({ data: [tx(id, '2026-01-02T00:00:00Z', { chain })], next: null })
  return { history, asked, pending, answer }
}

const ids = (history: ReturnType<typeof historyStore>['history']) =>
  history.getState().transactions.map((row) => row.id)

describe('bindHistory', () => {
  it('fetches page one for a new pair and keeps what is there for the same pair', async () => {
    const { history, asked, answer } = historyStore()
    expect(history.getState().boundTo).toBeUndefined()
    bindHistory(history, '0xAA', 'eip155:1')
    expect(history.getState()).toMatchObject({ boundTo: '0xaa|eip155:1', loading: true })
    answer('a1', 'eip155:1')
    await expect.poll(() => ids(history)).toEqual(['a1'])
    // A second list over the same store (any case of the address) starts nothing over.
    bindHistory(history, '0xaa', 'eip155:1')
    expect(asked).toEqual(['0xAA|eip155:1'])
    expect(ids(history)).toEqual(['a1'])
  })

  it('starts over for another account or network, dropping the page still on its way', async () => {
    const { history, asked, answer } = historyStore()
    bindHistory(history, '0xaa', 'eip155:1')
    bindHistory(history, '0xaa', 'eip155:10')
    expect(history.getState().lastNetworkInView).toBe('eip155:10')
    answer('late', 'eip155:1')
    answer('b1', 'eip155:10')
    await expect.poll(() => ids(history)).toEqual(['b1'])
    expect(asked).toEqual(['0xaa|eip155:1', '0xaa|eip155:10'])
  })

  it('empties the list and fetches nothing without an account', () => {
    const { history, asked } = historyStore()
    bindHistory(history, undefined, 'eip155:1')
    expect(history.getState()).toMatchObject({ boundTo: 'undefined|eip155:1', loading: false })
    expect(asked).toEqual([])
  })
})
