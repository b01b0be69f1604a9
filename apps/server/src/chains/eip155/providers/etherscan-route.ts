import { fixture } from './fixture-server.js'

interface Row {
  blockNumber: string
  transactionIndex: string
}

const rows = (...names: string[]) =>
  names.flatMap((name) => (fixture(name) as { result: Row[] }).result)

const byBlockDesc = (a: Row, b: Row) =>
  Number(b.blockNumber) - Number(a.blockNumber) ||
  Number(b.transactionIndex) - Number(a.transactionIndex)

/**
 * Etherscan's account module as documented: every action filters its rows by `startblock` and
 * `endblock` and sorts them; `page` and `offset` slice them; no rows is status "0" with an empty
 * result; a wrong key is the NOTOK envelope.
 */
export function etherscanRoute(options: { nfts: boolean; key?: string }) {
  const lists: Record<string, Row[]> = {
    txlist: rows('etherscan-txlist-page1', 'etherscan-txlist-page2'),
    tokentx: rows('etherscan-tokentx-page1', 'etherscan-tokentx-page2'),
    tokennfttx: options.nfts ? rows('etherscan-tokennfttx') : [],
    token1155tx: options.nfts ? rows('etherscan-token1155tx') : [],
  }
  return (url: URL): unknown => {
    const q = url.searchParams
    if (q.get('apikey') !== (options.key ?? 'KEY')) return fixture('etherscan-invalid-key')
    const list = lists[q.get('action') ?? '']
    if (!list || q.get('module') !== 'account') return undefined
    const start = Number(q.get('startblock') ?? 0)
    const end = Number(q.get('endblock') ?? Number.MAX_SAFE_INTEGER)
    let found = list
      .filter((r) => Number(r.blockNumber) >= start && Number(r.blockNumber) <= end)
      .sort(byBlockDesc)
    if (q.get('sort') === 'asc') found = found.reverse()
    const offset = Number(q.get('offset') ?? 0)
    if (offset > 0) {
      const page = Number(q.get('page') ?? 1)
      found = found.slice((page - 1) * offset, page * offset)
    }
    return found.length ? { status: '1', message: 'OK', result: found } : fixture('etherscan-empty')
  }
}
