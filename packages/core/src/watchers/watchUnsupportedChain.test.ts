import { afterEach, describe, expect, it } from 'vitest'
import { createTestLatch } from './latch.testing.js'
import { watchUnsupportedChain } from './watchUnsupportedChain.js'

const stops: Array<() => void> = []
afterEach(() => {
  for (const stop of stops.splice(0)) stop()
})

// No server is reached: nothing here asks one.
const serverUrl = 'http://127.0.0.1:9'

async function connectedWithWatcher(options: { allowUnsupportedChain?: boolean } = {}) {
  const t = await createTestLatch(serverUrl, { options })
  await t.connect()
  const stop = watchUnsupportedChain(t.latch)
  stops.push(stop)
  return { ...t, stop }
}

describe('watchUnsupportedChain', () => {
  it('opens UnsupportedChain when the wallet moves to a network the app does not list', async () => {
    const { latch, evm } = await connectedWithWatcher()
    evm.emit('switchNetwork', { connectorId: 'fake', chainId: 424242 })
    expect(latch.stores.router.getState()).toMatchObject({
      open: true,
      route: { view: 'UnsupportedChain' },
    })
  })

  it('opens nothing for a listed network', async () => {
    const { latch, evm } = await connectedWithWatcher()
    evm.emit('switchNetwork', { connectorId: 'fake', chainId: 10 })
    expect(latch.stores.router.getState().open).toBe(false)
  })

  it('opens nothing when the app allows unlisted networks', async () => {
    const { latch, evm } = await connectedWithWatcher({ allowUnsupportedChain: true })
    evm.emit('switchNetwork', { connectorId: 'fake', chainId: 424242 })
    expect(latch.stores.router.getState().open).toBe(false)
  })

  it('opens nothing once stopped', async () => {
    const { latch, evm, stop } = await connectedWithWatcher()
    stop()
    evm.emit('switchNetwork', { connectorId: 'fake', chainId: 424242 })
    expect(latch.stores.router.getState().open).toBe(false)
  })
})
