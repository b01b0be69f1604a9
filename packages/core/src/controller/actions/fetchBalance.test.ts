import { beforeEach, describe, expect, it } from 'vitest'
import { type ControllerSetup, setupController } from '../setup.testing.js'

let t: ControllerSetup
beforeEach(async () => {
  t = setupController()
  await t.controller.initialize()
})

describe('fetchBalance', () => {
  it('reads the native balance into the account and resolves with it', async () => {
    await t.controller.connect({ namespace: 'eip155', connectorId: 'fake' })
    await expect(t.controller.fetchBalance()).resolves.toEqual({ balance: '1.5', symbol: 'ETH' })
    expect(t.evmAccount()).toMatchObject({ balance: '1.5', balanceSymbol: 'ETH' })
  })

  it('asks nothing without an account', async () => {
    await expect(t.controller.fetchBalance()).resolves.toBeUndefined()
    expect(t.evmAccount().balance).toBeUndefined()
  })
})
