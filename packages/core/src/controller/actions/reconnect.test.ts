import { beforeEach, describe, expect, it } from 'vitest'
import { selectActiveCaipAddress } from '../../stores/chain.js'
import { type ControllerSetup, EVM_ADDRESS, setupController } from '../setup.testing.js'

let t: ControllerSetup
beforeEach(() => {
  t = setupController()
})

describe('reconnect (on initialize)', () => {
  it('restores the connections the wallet still authorises', async () => {
    t.evm.behaviour.reconnect = async () => [
      { connectorId: 'fake', accounts: [{ address: EVM_ADDRESS }], chainId: 10 },
    ]
    await t.controller.initialize()
    expect(t.evmAccount()).toMatchObject({ status: 'connected', address: EVM_ADDRESS })
    expect(selectActiveCaipAddress(t.chain())).toBe(`eip155:10:${EVM_ADDRESS}`)
    expect(t.storage.get('connectionStatus')).toBe('connected')
  })

  it('does not try when reconnect is disabled', async () => {
    t = setupController({ enableReconnect: false })
    await t.controller.initialize()
    expect(t.evm.calls.some((c) => c.method === 'reconnect')).toBe(false)
    expect(t.evmAccount().status).toBe('disconnected')
    expect(t.chain().chains.solana!.accountState.status).toBe('disconnected')
  })

  it('reports a failing reconnect and ends disconnected', async () => {
    t.evm.behaviour.reconnect = async () => {
      throw new Error('wallet gone')
    }
    await t.controller.initialize()
    expect(t.evmAccount().status).toBe('disconnected')
    expect(t.reports.map((r) => r.message)).toEqual(['wallet gone'])
  })
})
