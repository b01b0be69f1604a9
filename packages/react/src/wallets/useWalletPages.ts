import { useCallback, useEffect, useRef, useState } from 'react'
import { useLatch } from '../context.js'
import { type CatalogueWallet, WALLETS_PAGE_SIZE, WALLETS_SEARCH_SIZE } from './client.js'

/** docs/behaviour.md#limits: the search spinner shows for 300 ms before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 300

export interface WalletPagesState {
  wallets: CatalogueWallet[]
  count: number
  loading: boolean
  /** True from a keystroke until its search answered. */
  searching: boolean
  error: boolean
  hasMore: boolean
}

/** The whole catalogue 40 at a time, or up to 100 search results for `search`. */
export function useWalletPages(search: string) {
  const { wallets: client } = useLatch('useWalletPages')
  const [state, setState] = useState<WalletPagesState>({
    wallets: [],
    count: 0,
    loading: false,
    searching: false,
    error: false,
    hasMore: false,
  })
  const page = useRef(0)
  const generation = useRef(0)
  const busy = useRef(false)

  const load = useCallback(
    async (term: string, reset: boolean) => {
      if (busy.current && !reset) return
      const mine = reset ? ++generation.current : generation.current
      busy.current = true
      const next = reset ? 1 : page.current + 1
      setState((s) => ({ ...s, loading: true, error: false }))
      try {
        const answer = await client.getWallets(
          term
            ? { search: term, entries: WALLETS_SEARCH_SIZE, page: 1 }
            : { page: next, entries: WALLETS_PAGE_SIZE },
        )
        if (mine !== generation.current) return
        page.current = next
        setState((s) => {
          const wallets = reset ? answer.data : [...s.wallets, ...answer.data]
          return {
            wallets,
            count: answer.count,
            loading: false,
            searching: false,
            error: false,
            hasMore: !term && answer.data.length > 0 && wallets.length < answer.count,
          }
        })
      } catch {
        if (mine !== generation.current) return
        setState((s) => ({ ...s, loading: false, searching: false, error: true }))
      } finally {
        if (mine === generation.current) busy.current = false
      }
    },
    [client],
  )

  useEffect(() => {
    const term = search.trim()
    if (!term) {
      load('', true)
      return
    }
    setState((s) => ({ ...s, searching: true }))
    const timer = setTimeout(() => load(term, true), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [search, load])

  const loadMore = useCallback(() => {
    if (!search.trim()) load('', false)
  }, [search, load])
  const retry = useCallback(() => load(search.trim(), true), [search, load])

  return { ...state, loadMore, retry }
}
