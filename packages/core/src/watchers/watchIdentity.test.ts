import { describe, expect, it, vi } from 'vitest'
import { ADDRESS_A, ADDRESS_B, createTestLatch, useLatchServer } from './latch.testing.js'
import { watchIdentity } from './watchIdentity.js'

const { server, stops } = useLatchServer()

describe('watchIdentity', () => {
  it("puts the connected EVM account's name in its account state, and follows account changes", async () => {
    const { latch, connect, changeAccount } = await createTestLatch(server.url)
    stops.push(watchIdentity(latch))
    const account = () => latch.stores.chain.getState().chains.eip155?.accountState
    await connect()
    await vi.waitFor(() => expect(account()?.profileName).toBe('name-aa'))
    changeAccount(ADDRESS_B)
    await vi.waitFor(() => expect(account()?.profileName).toBe('name-bb'))
    expect(server.requests).toEqual([`/v1/identity/${ADDRESS_A}`, `/v1/identity/${ADDRESS_B}`])
  })

  it('reads the name of an account connected before it started', async () => {
    const { latch, connect } = await createTestLatch(server.url)
    await connect()
    stops.push(watchIdentity(latch))
    await vi.waitFor(() =>
      expect(latch.stores.chain.getState().chains.eip155?.accountState.profileName).toBe('name-aa'),
    )
    expect(server.requests).toEqual([`/v1/identity/${ADDRESS_A}`])
  })
})
