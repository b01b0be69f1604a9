import { beforeEach, describe, expect, it } from 'vitest'
import { type ControllerSetup, setupController } from './setup.testing.js'

let t: ControllerSetup
beforeEach(async () => {
  t = setupController()
  await t.controller.initialize()
})

describe('account', () => {
  it('requires a chain to set account data, and reports it', () => {
    expect(() => t.controller.setChainAccountData(undefined, { balance: '1' })).toThrow(
      'Chain is required to update chain account data',
    )
    expect(() => t.controller.setAccountProp('balance', '1', undefined)).toThrow(
      'Chain is required to set account prop',
    )
    expect(t.reports.map((r) => r.message)).toEqual([
      'Chain is required to update chain account data',
      'Chain is required to set account prop',
    ])
  })

  it('resets to disconnected and clears address, balance, profile, tokens and social data', async () => {
    await t.controller.connect({ namespace: 'eip155', connectorId: 'fake' })
    t.controller.setChainAccountData('eip155', {
      balance: '3',
      profileName: 'alice.reown.id',
      profileImage: 'x',
      tokenBalance: [
        {
          name: 'T',
          symbol: 'T',
          chainId: 'eip155:1',
          price: 1,
          quantity: { decimals: '18', numeric: '1' },
          iconUrl: '',
        },
      ],
      socialProvider: 'google',
      smartAccountDeployed: true,
      preferredAccountType: 'smartAccount',
    })
    t.controller.resetAccount('eip155')
    expect(t.evmAccount()).toMatchObject({
      status: 'disconnected',
      address: undefined,
      balance: undefined,
      profileName: undefined,
      profileImage: undefined,
      tokenBalance: [],
      socialProvider: undefined,
      smartAccountDeployed: false,
      preferredAccountType: 'smartAccount',
    })
  })
})
