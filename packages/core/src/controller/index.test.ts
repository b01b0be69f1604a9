import { beforeEach, describe, expect, it } from 'vitest'
import { ethereumNetwork, optimismNetwork } from '../adapters/eip155/networks.js'
import { solanaDevnet } from '../adapters/solana/networks.js'
import type { ChainAdapter } from '../adapters/types.js'
import {
  isActiveNetworkUnsupported,
  selectActiveCaipAddress,
  selectCaipAddress,
} from '../stores/chain.js'
import { onEvent } from '../stores/events.js'
import { createFakeAdapter } from '../testing/fakeAdapter.js'
import { type ControllerSetup, EVM_ADDRESS, SOL_ADDRESS, setupController } from './setup.testing.js'

let t: ControllerSetup
beforeEach(() => {
  t = setupController()
})

describe('initialize', () => {
  it('registers each namespace and starts on the default network, disconnected', async () => {
    await t.controller.initialize()
    expect(Object.keys(t.chain().chains)).toEqual(['eip155', 'solana'])
    expect(t.chain().activeChain).toBe('eip155')
    expect(t.chain().activeCaipNetwork?.caipNetworkId).toBe('eip155:1')
    expect(t.evmAccount().status).toBe('disconnected')
    expect(t.stores.connectors.getState().connectors.map((c) => c.id)).toEqual(['fake', 'phantom'])
  })

  it('restores the stored active network', async () => {
    t.storage.set('activeCaipNetworkId', 'eip155:10')
    await t.controller.initialize()
    expect(t.chain().activeCaipNetwork?.caipNetworkId).toBe('eip155:10')
  })

  it('ignores a stored network the app does not list', async () => {
    t.storage.set('activeCaipNetworkId', 'eip155:999999')
    await t.controller.initialize()
    expect(t.chain().activeCaipNetwork?.caipNetworkId).toBe('eip155:1')
  })

  it('rejects an adapter without a known namespace, reporting it', () => {
    const bad = { ...createFakeAdapter({ namespace: 'eip155', networks: [] }), namespace: 'tron' }
    expect(() => setupController({}, { adapters: [bad as unknown as ChainAdapter] })).toThrow(
      'Unsupported chain namespace: tron',
    )
  })

  it('reports to its own instance only', async () => {
    const other = setupController()
    await expect(t.controller.connect({ namespace: 'cosmos', connectorId: 'x' })).rejects.toThrow()
    expect(t.reports.map((r) => r.errorType)).toEqual(['ChainAdapterNotFoundError'])
    expect(other.reports).toEqual([])
  })
})

describe('wallet events', () => {
  beforeEach(async () => {
    await t.controller.initialize()
    await t.controller.connect({ namespace: 'eip155', connectorId: 'fake' })
  })

  it('a chain change to an unknown network marks it unsupported and says so, without any UI', () => {
    const events: unknown[] = []
    onEvent(t.stores.events, 'switchNetwork', (e) => events.push(e.properties))
    t.evm.emit('switchNetwork', { connectorId: 'fake', chainId: 424242 })
    expect(t.chain().activeCaipNetwork).toMatchObject({
      caipNetworkId: 'eip155:424242',
      name: 'Unknown Network',
    })
    expect(isActiveNetworkUnsupported(t.chain())).toBe(true)
    expect(events).toEqual([
      { namespace: 'eip155', chainId: 424242, caipNetworkId: 'eip155:424242', supported: false },
    ])
    // Headless: what the modal shows is the React layer's decision.
    expect(t.stores.router.getState().open).toBe(false)
    expect(selectActiveCaipAddress(t.chain())).toBe(`eip155:424242:${EVM_ADDRESS}`)
  })

  it('a chain change updates the connection, whatever the case of its connector id', () => {
    t.evm.emit('switchNetwork', { connectorId: 'FAKE', chainId: 10 })
    expect(t.stores.connections.getState().connections.eip155).toEqual([
      { connectorId: 'fake', accounts: [{ address: EVM_ADDRESS }], caipNetwork: optimismNetwork },
    ])
  })

  it('a known chain change emits switchNetwork and stays supported', () => {
    const events: unknown[] = []
    onEvent(t.stores.events, 'switchNetwork', (e) => events.push(e.properties))
    t.evm.emit('switchNetwork', { connectorId: 'fake', chainId: 10 })
    expect(t.chain().activeCaipNetwork?.caipNetworkId).toBe('eip155:10')
    expect(isActiveNetworkUnsupported(t.chain())).toBe(false)
    expect(events).toEqual([
      { namespace: 'eip155', chainId: 10, caipNetworkId: 'eip155:10', supported: true },
    ])
  })

  it('an account change emits accountChanged and moves the CAIP address', () => {
    const events: unknown[] = []
    onEvent(t.stores.events, 'accountChanged', (e) => events.push(e.properties))
    const next = '0x00000000000000000000000000000000000000bb'
    t.evm.emit('accountChanged', {
      connectorId: 'fake',
      address: next,
      accounts: [{ address: next }],
    })
    expect(selectActiveCaipAddress(t.chain())).toBe(`eip155:1:${next}`)
    expect(t.stores.connections.getState().connections.eip155).toEqual([
      { connectorId: 'fake', accounts: [{ address: next }], caipNetwork: ethereumNetwork },
    ])
    expect(events).toEqual([{ namespace: 'eip155', address: next, connectorId: 'fake' }])
  })

  it('a chain change in a namespace that is not active moves only that namespace', async () => {
    await t.controller.connect({ namespace: 'solana', connectorId: 'phantom' })
    await t.controller.switchNetwork(ethereumNetwork)
    t.solana.emit('switchNetwork', { connectorId: 'phantom', chainId: solanaDevnet.id })
    expect(t.chain().activeChain).toBe('eip155')
    expect(t.chain().chains.solana!.networkState.caipNetwork).toBe(solanaDevnet)
    expect(selectCaipAddress(t.chain(), 'solana')).toBe(`solana:${solanaDevnet.id}:${SOL_ADDRESS}`)
  })

  it('a disconnect from the wallet clears the account and emits disconnect', () => {
    const events: string[] = []
    onEvent(t.stores.events, 'disconnect', (e) => events.push(e.event))
    t.evm.emit('disconnect', { connectorId: 'FAKE' })
    expect(t.evmAccount().status).toBe('disconnected')
    expect(selectActiveCaipAddress(t.chain())).toBeUndefined()
    expect(events).toEqual(['disconnect'])
  })

  it('stops following the adapters once destroyed', () => {
    t.controller.destroy()
    t.evm.emit('switchNetwork', { connectorId: 'fake', chainId: 10 })
    expect(t.chain().activeCaipNetwork?.caipNetworkId).toBe('eip155:1')
  })
})
