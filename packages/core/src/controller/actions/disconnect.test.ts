import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { selectActiveCaipAddress } from '../../stores/chain.js'
import { onEvent } from '../../stores/events.js'
import { openModal } from '../../stores/router.js'
import { type ControllerSetup, setupController } from '../setup.testing.js'
import { DISCONNECT_TIMEOUT_MS } from './disconnect.js'

let t: ControllerSetup
beforeEach(async () => {
  t = setupController()
  await t.controller.initialize()
  await t.controller.connect({ namespace: 'eip155', connectorId: 'fake' })
})
afterEach(() => vi.useRealTimers())

describe('disconnect', () => {
  it('resolves after 3 s when the wallet never answers', async () => {
    vi.useFakeTimers()
    t.evm.behaviour.disconnect = () => new Promise(() => {})
    let resolved = false
    const done = t.controller.disconnect().then(() => {
      resolved = true
    })
    await vi.advanceTimersByTimeAsync(DISCONNECT_TIMEOUT_MS - 1)
    expect(resolved).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await done
    expect(resolved).toBe(true)
    expect(t.evmAccount().status).toBe('disconnected')
  })

  it('resets the account and removes the connection, leaving the modal to the UI', async () => {
    openModal(t.stores.router, 'Account')
    await expect(t.controller.disconnect({ namespace: 'eip155' })).resolves.toEqual({
      namespaces: ['eip155'],
    })
    expect(t.evmAccount()).toMatchObject({
      status: 'disconnected',
      address: undefined,
      balance: undefined,
      smartAccountDeployed: false,
    })
    expect(selectActiveCaipAddress(t.chain())).toBeUndefined()
    expect(t.stores.connections.getState().connections.eip155).toEqual([])
    expect(t.stores.connectors.getState().activeConnectorIds).toEqual({})
    expect(t.stores.router.getState().open).toBe(true)
    expect(t.storage.get('connectionStatus')).toBe('disconnected')
  })

  it("emits 'disconnect' only when the last connection goes", async () => {
    await t.controller.connect({ namespace: 'solana', connectorId: 'phantom' })
    const events: string[] = []
    onEvent(t.stores.events, 'disconnect', (e) => events.push(e.event))
    await t.controller.disconnect({ namespace: 'eip155' })
    expect(events).toEqual([])
    await t.controller.disconnect({ namespace: 'solana' })
    expect(events).toEqual(['disconnect'])
  })

  it('without a namespace disconnects every connected one', async () => {
    await t.controller.connect({ namespace: 'solana', connectorId: 'phantom' })
    await expect(t.controller.disconnect()).resolves.toEqual({ namespaces: ['eip155', 'solana'] })
    expect(t.chain().chains.solana!.accountState.status).toBe('disconnected')
  })
})
