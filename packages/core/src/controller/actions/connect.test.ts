import { beforeEach, describe, expect, it } from 'vitest'
import { errorMessages } from '../../errors/messages.js'
import { selectActiveCaipAddress } from '../../stores/chain.js'
import { type ControllerSetup, EVM_ADDRESS, setupController } from '../setup.testing.js'

let t: ControllerSetup
beforeEach(async () => {
  t = setupController()
  await t.controller.initialize()
})

describe('connect', () => {
  it('stores the connection, the recent wallet and the last chain, and resolves with it', async () => {
    const result = await t.controller.connect({ namespace: 'eip155', connectorId: 'fake' })
    expect(result).toMatchObject({ connectorId: 'fake', accounts: [{ address: EVM_ADDRESS }] })
    expect(t.evmAccount()).toMatchObject({
      status: 'connected',
      address: EVM_ADDRESS,
      connectedWalletInfo: { name: 'Fake Wallet' },
    })
    expect(selectActiveCaipAddress(t.chain())).toBe(`eip155:1:${EVM_ADDRESS}`)
    expect(t.stores.connectors.getState().activeConnectorIds).toEqual({ eip155: 'fake' })
    expect(t.storage.get('recentWallets')).toEqual([{ id: 'fake', name: 'Fake Wallet' }])
    expect(t.storage.get('lastUsedChainId')).toBe('eip155:1')
    expect(t.storage.get('connectionStatus')).toBe('connected')
  })

  it('publishes its progress as the connect attempt, and never opens or closes the modal', async () => {
    let finish: (() => void) | undefined
    t.evm.behaviour.connect = (connectorId) =>
      new Promise((resolve) => {
        finish = () => resolve({ connectorId, accounts: [{ address: EVM_ADDRESS }], chainId: 1 })
      })
    const pending = t.controller.connect({ namespace: 'eip155', connectorId: 'fake' })
    expect(t.stores.connectors.getState().attempt).toEqual({
      connectorId: 'fake',
      namespace: 'eip155',
      status: 'pending',
      error: undefined,
    })
    expect(t.evmAccount().status).toBe('connecting')
    finish?.()
    await pending
    expect(t.stores.connectors.getState().attempt?.status).toBe('connected')
    expect(t.stores.router.getState().open).toBe(false)
  })

  it("a user rejection (4001) gives 'Connection rejected' and is not reported", async () => {
    t.evm.behaviour.connect = async () => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    }
    await expect(
      t.controller.connect({ namespace: 'eip155', connectorId: 'fake' }),
    ).rejects.toThrow('Connection rejected')
    expect(t.evmAccount().status).toBe('disconnected')
    expect(t.stores.connectors.getState().attempt?.status).toBe('rejected')
    expect(t.reports).toEqual([])
  })

  it("any other failure gives 'Failed to connect' and is reported", async () => {
    t.evm.behaviour.connect = async () => {
      throw new Error('boom')
    }
    await expect(
      t.controller.connect({ namespace: 'eip155', connectorId: 'fake' }),
    ).rejects.toThrow(errorMessages.failedToConnect)
    expect(t.stores.connectors.getState().attempt).toMatchObject({
      status: 'failed',
      error: { message: errorMessages.failedToConnect },
    })
    expect(t.reports.map((r) => r.message)).toEqual(['Failed to connect'])
  })

  it('connecting to a namespace without an adapter fails with Chain adapter not found', async () => {
    await expect(t.controller.connect({ namespace: 'cosmos', connectorId: 'x' })).rejects.toThrow(
      'Chain adapter not found',
    )
    expect(t.stores.connectors.getState().attempt).toBeUndefined()
  })
})
