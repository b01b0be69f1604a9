import { createServer, type Server } from 'node:http'
import { createLatchStorage, createMemoryStorage, devNetwork, openModal } from '@latch/core'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createLatchClient, type LatchConfig } from '../client.js'
import { LatchProvider } from '../LatchProvider.js'

// A real catalogue endpoint on loopback with 95 wallets, paging and searching like the server.
const catalogue = Array.from({ length: 95 }, (_, i) => ({
  id: `w${i}`,
  name: i === 7 ? 'Rainbow' : `Wallet ${String(i).padStart(2, '0')}`,
  image_id: `img${i}`,
  chains: ['eip155:1'],
  homepage: `https://wallet${i}.example`,
}))
const requests: URLSearchParams[] = []
let server: Server
let serverUrl: string
beforeAll(async () => {
  server = createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://x').searchParams
    requests.push(query)
    const search = query.get('search')?.toLowerCase()
    const entries = Number(query.get('entries'))
    const page = Number(query.get('page'))
    const matching = search
      ? catalogue.filter((w) => w.name.toLowerCase().includes(search))
      : catalogue
    res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
    res.end(
      JSON.stringify({
        data: matching.slice((page - 1) * entries, page * entries),
        count: matching.length,
      }),
    )
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('no address')
  serverUrl = `http://127.0.0.1:${address.port}`
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))
afterEach(cleanup)

type Observed = (entries: Array<{ isIntersecting: boolean }>) => void
// Each observer with the number of rows listed when it was made: the view makes a new one after
// each page, in an effect that can run a moment after the rows are painted.
const observers: Array<{ callback: Observed; rows: number }> = []
globalThis.IntersectionObserver = class {
  constructor(callback: Observed) {
    const rows = document.querySelectorAll('[data-testid="catalogue-wallet"]').length
    observers.push({ callback, rows })
  }
  observe() {}
  disconnect() {}
} as unknown as typeof IntersectionObserver

/** The sentinel comes into view, as seen by the observer made for a list of `rows` rows. */
async function scrollToEndOf(rows: number) {
  await waitFor(() => expect(observers.some((o) => o.rows === rows)).toBe(true))
  const observer = observers.findLast((o) => o.rows === rows)!
  act(() => observer.callback([{ isIntersecting: true }]))
}

function mount() {
  observers.length = 0
  const config: LatchConfig = {
    projectId: 'p1',
    serverUrl,
    providerServices: false,
    networks: [devNetwork],
    storage: createLatchStorage(createMemoryStorage()),
  }
  const client = createLatchClient(config)
  render(<LatchProvider config={config} client={client} />)
  act(() => openModal(client.stores.router, 'AllWallets'))
}

describe('AllWallets', () => {
  it('pages the catalogue 40 at a time as the list scrolls', async () => {
    requests.length = 0
    mount()
    await waitFor(() => expect(screen.getAllByTestId('catalogue-wallet')).toHaveLength(40), {
      timeout: 5000,
    })
    expect(requests[0]?.get('entries')).toBe('40')
    expect(requests[0]?.get('page')).toBe('1')
    expect(requests[0]?.get('projectId')).toBe('p1')
    await scrollToEndOf(40)
    await waitFor(() => expect(screen.getAllByTestId('catalogue-wallet')).toHaveLength(80), {
      timeout: 5000,
    })
    await scrollToEndOf(80)
    await waitFor(() => expect(screen.getAllByTestId('catalogue-wallet')).toHaveLength(95), {
      timeout: 5000,
    })
    expect(requests.map((q) => q.get('page'))).toEqual(['1', '2', '3'])
    expect(screen.queryByTestId('wallets-sentinel')).toBeNull()
    // The first mount loads the modal's chunks: on a loaded 2-core machine that alone took 5 s.
  }, 20_000)

  it('searches after a 300 ms spinner, asking for up to 100 results', async () => {
    mount()
    await waitFor(() => expect(screen.getAllByTestId('catalogue-wallet')).toHaveLength(40), {
      timeout: 5000,
    })
    requests.length = 0
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search wallets' }), {
      target: { value: 'rain' },
    })
    expect(screen.getByTestId('wallets-searching')).toBeTruthy()
    expect(requests).toHaveLength(0)
    await waitFor(() => expect(screen.getAllByTestId('catalogue-wallet')).toHaveLength(1))
    expect(screen.getByTestId('catalogue-wallet').textContent).toContain('Rainbow')
    expect(requests).toHaveLength(1)
    expect(requests[0]?.get('search')).toBe('rain')
    expect(requests[0]?.get('entries')).toBe('100')
    expect(screen.queryByTestId('wallets-searching')).toBeNull()
  }, 20_000)
})
