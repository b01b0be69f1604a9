import { afterEach, describe, expect, it, vi } from 'vitest'
import { optimismNetwork } from '../adapters/eip155/networks.js'
import { ADDRESS_A, ADDRESS_B, createTestLatch } from './latch.testing.js'
import { watchBalances } from './watchBalances.js'

const stops: Array<() => void> = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

const serverUrl = 'http://127.0.0.1:9'

/** The fake wallet answers each address and network with its own balance, and logs each ask. */
async function setup() {
  const t = await createTestLatch(serverUrl)
  const asked: string[] = []
  t.evm.getBalance = async ({ address, network }) => {
    asked.push(`${network.caipNetworkId}:${address}`)
    return { balance: `${address.slice(-2)}@${network.id}`, symbol: 'ETH' }
  }
  const stop = watchBalances(t.latch)
  stops.push(stop)
  const balance = () => t.latch.stores.chain.getState().chains.eip155?.accountState.balance
  return { ...t, asked, stop, balance }
}

describe('watchBalances', () => {
  it('reads the balance on connecting, and again on each account or network change', async () => {
    const { latch, connect, changeAccount, asked, balance } = await setup()
    expect(asked).toEqual([])
    await connect()
    await vi.waitFor(() => expect(balance()).toBe('aa@1'))
    await latch.controller.switchNetwork(optimismNetwork)
    await vi.waitFor(() => expect(balance()).toBe('aa@10'))
    changeAccount(ADDRESS_B)
    await vi.waitFor(() => expect(balance()).toBe('bb@10'))
    expect(asked).toEqual([
      `eip155:1:${ADDRESS_A}`,
      `eip155:10:${ADDRESS_A}`,
      `eip155:10:${ADDRESS_B}`,
    ])
  })

  it('asks nothing once stopped', async () => {
    const { connect, changeAccount, asked, stop, balance } = await setup()
    await connect()
    await vi.waitFor(() => expect(balance()).toBe('aa@1'))
    stop()
    // The watcher asks synchronously on the change: nothing asked right after it means nothing.
    changeAccount(ADDRESS_B)
    expect(asked).toEqual([`eip155:1:${ADDRESS_A}`])
  })
})
