import { useEffect, useState } from 'react'
import { useLatch } from '../context.js'
import { usePainted } from '../modal/usePainted.js'
import type { CatalogueWallet, WalletsQuery } from './client.js'

// One answer per query and page session: reopening the modal does not ask again.
const cache = new Map<string, Promise<CatalogueWallet[]>>()

/** A small, fixed slice of the catalogue (featured or recommended); empty until it arrives. */
export function useCatalogueWallets(query: WalletsQuery | undefined): CatalogueWallet[] {
  const { wallets, config } = useLatch('useCatalogueWallets')
  const [list, setList] = useState<CatalogueWallet[]>([])
  const key = query ? `${config.serverUrl}|${config.projectId}|${JSON.stringify(query)}` : ''
  // A first request (and the API's paging chunk it loads) waits for the modal's first frame; an
  // answer already asked for is shown at once.
  const painted = usePainted()
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the query
  useEffect(() => {
    if (!query) return
    let request = cache.get(key)
    if (!request && !painted) return
    let live = true
    if (!request) {
      request = wallets.getWallets(query).then((page) => page.data)
      cache.set(key, request)
      request.catch(() => cache.delete(key))
    }
    request.then(
      (data) => live && setList(data),
      () => live && setList([]),
    )
    return () => {
      live = false
    }
  }, [key, wallets, painted])
  return list
}
