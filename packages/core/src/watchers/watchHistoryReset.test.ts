import { describe, expect, it, vi } from 'vitest'
import { ethereumNetwork, optimismNetwork } from '../adapters/eip155/networks.js'
import { bindHistory } from '../transactions/bind.js'
import { ADDRESS_A, ADDRESS_B, createTestLatch, useLatchServer } from './latch.testing.js'
import { watchHistoryReset } from './watchHistoryReset.js'

const { server, stops } = useLatchServer()

const historyOf = (address: string) => `/v1/account/${address}/history`
/** Lets queued microtasks and the I/O callbacks already due run: no timer, no wait for time. */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve))

async function setup() {
  const t = await createTestLatch(server.url)
  const stop = watchHistoryReset(t.latch)
  stops.push(stop)
  const rows = () => t.latch.history.getState().transactions.map((row) => row.id)
  return { ...t, stop, rows }
}

describe('watchHistoryReset', () => {
  it('fetches nothing while no list has asked for history', async () => {
    const { connect, changeAccount, latch } = await setup()
    await connect()
    changeAccount(ADDRESS_B)
    await flush()
    expect(latch.history.getState().loading).toBe(false)
    expect(latch.history.getState().boundTo).toBeUndefined()
    expect(server.requests).toEqual([])
  })

  it('starts the history over, once, for each new account or network', async () => {
    const { latch, connect, changeAccount, rows } = await setup()
    await connect()
    bindHistory(latch.history, ADDRESS_A, ethereumNetwork.caipNetworkId)
    await vi.waitFor(() => expect(rows()).toEqual(['aa-eip155:1']))
    changeAccount(ADDRESS_B)
    await vi.waitFor(() => expect(rows()).toEqual(['bb-eip155:1']))
    await latch.controller.switchNetwork(optimismNetwork)
    await vi.waitFor(() => expect(rows()).toEqual(['bb-eip155:10']))
    expect(latch.history.getState().lastNetworkInView).toBe('eip155:10')
    expect(server.requests).toEqual([
      historyOf(ADDRESS_A),
      historyOf(ADDRESS_B),
      historyOf(ADDRESS_B),
    ])
  })

  it('empties the history when the wallet disconnects', async () => {
    const { latch, connect, rows } = await setup()
    await connect()
    bindHistory(latch.history, ADDRESS_A, ethereumNetwork.caipNetworkId)
    await vi.waitFor(() => expect(rows()).toEqual(['aa-eip155:1']))
    await latch.controller.disconnect()
    await vi.waitFor(() => expect(rows()).toEqual([]))
    expect(server.requests).toEqual([historyOf(ADDRESS_A)])
  })

  it('keeps the rows once stopped', async () => {
    const { latch, connect, changeAccount, rows, stop } = await setup()
    await connect()
    bindHistory(latch.history, ADDRESS_A, ethereumNetwork.caipNetworkId)
    await vi.waitFor(() => expect(rows()).toEqual(['aa-eip155:1']))
    stop()
    changeAccount(ADDRESS_B)
    await flush()
    expect(rows()).toEqual(['aa-eip155:1'])
    expect(latch.history.getState().loading).toBe(false)
  })
})
