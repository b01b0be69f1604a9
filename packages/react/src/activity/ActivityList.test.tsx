import { createServer, type Server } from 'node:http'
import { createApiClient, createTransactionsStore, type Transaction } from '@latch/core'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ActivityList } from './ActivityList.js'

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const CHAIN = 'eip155:31337'
const thisYear = new Date().getFullYear()

function tx(id: string, minedAt: Date, operationType = 'receive', symbol = 'LUSD'): Transaction {
  return {
    id,
    metadata: {
      operationType,
      hash: `0x${id.padStart(64, '0')}`,
      minedAt: minedAt.toISOString(),
      sentFrom: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
      sentTo: ACCOUNT,
      status: id === 'f' ? 'failed' : 'confirmed',
      nonce: 1,
      chain: CHAIN,
    },
    transfers: [{ fungible_info: { symbol }, direction: 'in', quantity: { numeric: '12.34567' } }],
  }
}

// A real HTTP history endpoint on loopback; each test sets the pages it serves.
let pages: Record<string, { status: number; body: unknown }> = {}
const seen: URL[] = []
let server: Server
let serverUrl: string
beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(new URL(req.url ?? '/', 'http://x'))
    const cursor = new URL(req.url ?? '/', 'http://x').searchParams.get('cursor') ?? 'first'
    const page = pages[cursor] ?? { status: 404, body: {} }
    res.writeHead(page.status, {
      'content-type': 'application/json',
      'access-control-allow-origin': '*',
    })
    res.end(JSON.stringify(page.body))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('no address')
  serverUrl = `http://127.0.0.1:${address.port}`
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))
afterEach(cleanup)

function createHistory(errors: string[] = []) {
  return createTransactionsStore({
    fetchPage: createApiClient({ baseUrl: serverUrl, projectId: 'p1' }).getHistory,
    track: () => {},
    showError: (m) => errors.push(m),
    projectId: () => 'p1',
    isSmartAccount: () => false,
  })
}

function mount() {
  const errors: string[] = []
  const history = createHistory(errors)
  render(<ActivityList history={history} account={ACCOUNT} caipNetworkId={CHAIN} />)
  return { errors }
}

describe('ActivityList', () => {
  it('shows month groups newest first, with the year only outside the current year', async () => {
    pages = {
      first: {
        status: 200,
        body: {
          data: [
            tx('a', new Date(thisYear, 1, 10)),
            tx('b', new Date(thisYear - 1, 11, 24)),
            tx('c', new Date(thisYear - 2, 4, 2), 'send', 'DEMO'),
          ],
          next: null,
        },
      },
    }
    mount()
    await waitFor(() => expect(screen.getAllByTestId('activity-month')).toHaveLength(3))
    expect(screen.getAllByTestId('activity-month').map((h) => h.textContent)).toEqual([
      'February',
      `December ${thisYear - 1}`,
      `May ${thisYear - 2}`,
    ])
    const rows = screen.getAllByTestId('activity-row')
    expect(rows[0]?.textContent).toContain('Received')
    expect(rows[0]?.textContent).toContain('+12.346 LUSD')
    expect(rows[2]?.textContent).toContain('Sent')
    expect(rows[2]?.textContent).toContain('12.346 DEMO')
    expect(rows[0]?.querySelector('time')?.getAttribute('title')).toBeTruthy()
  })

  it('says so when the account has no history', async () => {
    pages = { first: { status: 200, body: { data: [], next: null } } }
    mount()
    expect(await screen.findByText('No activity yet')).toBeTruthy()
  })

  it('offers a retry after a failure, and the retry recovers', async () => {
    pages = { first: { status: 500, body: {} } }
    const { errors } = mount()
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain("Couldn't load activity")
    expect(errors).toEqual(['Failed to fetch transactions'])
    pages = {
      first: { status: 200, body: { data: [tx('a', new Date(thisYear, 0, 5))], next: null } },
    }
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(1))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('loads the next page when the end of the list comes into view', async () => {
    const observers: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = []
    globalThis.IntersectionObserver = class {
      constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
        observers.push(callback)
      }
      observe() {}
      disconnect() {}
    } as unknown as typeof IntersectionObserver
    pages = {
      first: { status: 200, body: { data: [tx('a', new Date(thisYear, 2, 5))], next: 'p2' } },
      p2: { status: 200, body: { data: [tx('b', new Date(thisYear, 0, 5))], next: null } },
    }
    mount()
    await screen.findByTestId('activity-sentinel')
    observers.at(-1)?.([{ isIntersecting: true }])
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(2))
    expect(screen.queryByTestId('activity-sentinel')).toBeNull()
  })

  it('a second list over the same store shows what is there; a network change starts over', async () => {
    pages = {
      first: { status: 200, body: { data: [tx('a', new Date(thisYear, 0, 5))], next: null } },
    }
    seen.length = 0
    const history = createHistory()
    const view = render(
      <>
        <ActivityList history={history} account={ACCOUNT} caipNetworkId={CHAIN} />
        <ActivityList history={history} account={ACCOUNT} caipNetworkId={CHAIN} />
      </>,
    )
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(2))
    expect(seen).toHaveLength(1)
    view.rerender(<ActivityList history={history} account={ACCOUNT} caipNetworkId="eip155:1" />)
    await waitFor(() => expect(seen).toHaveLength(2))
    expect(seen[1]?.searchParams.get('chainId')).toBe('eip155:1')
    // The dev-chain transaction is not the new network's: the list is empty.
    await waitFor(() => expect(screen.queryAllByTestId('activity-row')).toHaveLength(0))
  })

  it('says who paid a smart account operation’s fee: "Sponsored", else the fee', async () => {
    const operation = (id: string, sponsored: boolean, fee: string): Transaction => {
      const row = tx(id, new Date(thisYear, 0, 5), 'send')
      const userOperation = {
        hash: `0x${'cd'.repeat(32)}`,
        fee: { numeric: fee, symbol: 'ETH' },
        sponsored,
      }
      return { ...row, metadata: { ...row.metadata, userOperation } }
    }
    pages = {
      first: {
        status: 200,
        body: {
          data: [
            operation('a', true, '0.000021'),
            operation('b', false, '0.0042'),
            operation('c', false, '0.00002'),
            tx('d', new Date(thisYear, 0, 4)),
          ],
          next: null,
        },
      },
    }
    mount()
    await waitFor(() => expect(screen.getAllByTestId('activity-row')).toHaveLength(4))
    const fees = screen.getAllByTestId('activity-fee')
    expect(fees.map((f) => f.textContent)).toEqual([
      ' · Sponsored',
      ' · Fee 0.004 ETH',
      ' · Fee <0.001 ETH',
    ])
    // The exact fee on hover; a row that is no user operation says nothing about one.
    expect(fees[2]?.getAttribute('title')).toBe('0.00002 ETH')
    expect(
      screen.getAllByTestId('activity-row')[3]?.querySelector('[data-testid="activity-fee"]'),
    ).toBeNull()
  })
})
