import { describe, expect, it, vi } from 'vitest'
import { bindHistory } from '../transactions/bind.js'
import {
  ADDRESS_A,
  ADDRESS_B,
  createTestLatch,
  noSessions,
  useLatchServer,
} from './latch.testing.js'
import { watchConnected } from './watchConnected.js'

const { server, stops } = useLatchServer()

const flush = () => new Promise<void>((resolve) => setImmediate(resolve))

describe('watchConnected', () => {
  it('keeps balance, name, sign-in and history on the connected account', async () => {
    const asked: string[] = []
    const { latch, connect, changeAccount } = await createTestLatch(server.url, {
      siwx: noSessions(asked),
    })
    await connect()
    bindHistory(latch.history, undefined, undefined)
    stops.push(watchConnected(latch))
    const account = () => latch.stores.chain.getState().chains.eip155?.accountState
    const rows = () => latch.history.getState().transactions.map((row) => row.id)
    // What was connected before it started is picked up: the list bound while disconnected too.
    await vi.waitFor(() =>
      expect(account()).toMatchObject({ balance: '1.5', profileName: 'name-aa' }),
    )
    await vi.waitFor(() => expect(rows()).toEqual(['aa-eip155:1']))
    await vi.waitFor(() =>
      expect(latch.stores.router.getState().route.view).toBe('SIWXSignMessage'),
    )
    changeAccount(ADDRESS_B)
    await vi.waitFor(() => expect(account()?.profileName).toBe('name-bb'))
    await vi.waitFor(() => expect(rows()).toEqual(['bb-eip155:1']))
    expect(asked).toEqual([`eip155:1:${ADDRESS_A}`, `eip155:1:${ADDRESS_B}`])
  })

  it('stopped before its lazy watchers loaded, none of them starts', async () => {
    const asked: string[] = []
    const { latch, connect } = await createTestLatch(server.url, { siwx: noSessions(asked) })
    await connect()
    watchConnected(latch)()
    await Promise.all([import('./watchSiwx.js'), import('./watchIdentity.js')])
    await flush()
    expect(asked).toEqual([])
    expect(server.requests).toEqual([])
    expect(latch.stores.router.getState().open).toBe(false)
  })
})
