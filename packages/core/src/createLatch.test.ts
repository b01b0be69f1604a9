import { describe, expect, it, vi } from 'vitest'
import { ethereumNetwork } from './adapters/eip155/networks.js'
import { createLatch } from './createLatch.js'
import { bindHistory } from './transactions/bind.js'
import {
  ADDRESS_A,
  ADDRESS_B,
  createTestLatch,
  noSessions,
  useLatchServer,
} from './watchers/latch.testing.js'

const { server, stops } = useLatchServer()

describe('createLatch', () => {
  it('builds stores, controller, API client and history from the config, with no watcher running', async () => {
    const latch = createLatch(
      {
        projectId: 'p1',
        serverUrl: server.url,
        providerServices: false,
        networks: [ethereumNetwork],
      },
      { sdkType: 'plain', sdkVersion: 'plain-1' },
    )
    expect(latch.stores.options.getState().projectId).toBe('p1')
    expect(latch.stores.options.getState().networks).toEqual([ethereumNetwork])
    // The API client asks this server, naming the SDK the wrapper gave.
    await latch.api.getAnalyticsConfig().catch(() => {})
    expect(server.urls.at(-1)).toBe('/getAnalyticsConfig?projectId=p1&st=plain&sv=plain-1')
    expect(latch.history.getState().boundTo).toBeUndefined()
    expect(latch.initialize()).toBe(latch.initialize())
    expect(latch.providerServices).toBeUndefined()
  })

  it('mount() starts every watcher: sign-in, identity, balance and history follow the account', async () => {
    const asked: string[] = []
    const { latch, connect, changeAccount } = await createTestLatch(server.url, {
      siwx: noSessions(asked),
    })
    stops.push(latch.mount())
    const account = () => latch.stores.chain.getState().chains.eip155?.accountState
    await connect()
    await vi.waitFor(() =>
      expect(latch.stores.router.getState().route.view).toBe('SIWXSignMessage'),
    )
    await vi.waitFor(() =>
      expect(account()).toMatchObject({ balance: '1.5', profileName: 'name-aa' }),
    )
    bindHistory(latch.history, ADDRESS_A, 'eip155:1')
    await vi.waitFor(() => expect(latch.history.getState().transactions[0]?.id).toBe('aa-eip155:1'))
    changeAccount(ADDRESS_B)
    await vi.waitFor(() => expect(latch.history.getState().transactions[0]?.id).toBe('bb-eip155:1'))
    await vi.waitFor(() => expect(account()?.profileName).toBe('name-bb'))
    expect(asked).toEqual([`eip155:1:${ADDRESS_A}`, `eip155:1:${ADDRESS_B}`])
  })

  it('the function mount() returns stops them all, the lazily loaded ones included', async () => {
    const asked: string[] = []
    const { latch, connect } = await createTestLatch(server.url, { siwx: noSessions(asked) })
    latch.mount()()
    await connect()
    // Once the modules a running watcher would load have loaded, it would have acted.
    await Promise.all([import('./watchers/watchConnected.js'), import('./watchers/watchSiwx.js')])
    await new Promise<void>((resolve) => setImmediate(resolve))
    expect(asked).toEqual([])
    expect(latch.stores.router.getState().open).toBe(false)
    expect(latch.stores.chain.getState().chains.eip155?.accountState.balance).toBeUndefined()
  })
})
