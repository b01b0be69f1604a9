import { beforeEach, describe, expect, it } from 'vitest'
import { solanaMainnet } from '../../adapters/solana/networks.js'
import { type ControllerSetup, setupController } from '../setup.testing.js'

let t: ControllerSetup
beforeEach(async () => {
  t = setupController()
  await t.controller.initialize()
})

describe('removeAdapter', () => {
  it('removing the active adapter makes another chain active', () => {
    t.controller.removeAdapter('eip155')
    expect(t.chain().activeChain).toBe('solana')
    expect(t.chain().activeCaipNetwork?.caipNetworkId).toBe(solanaMainnet.caipNetworkId)
    expect(t.chain().chains.eip155).toBeUndefined()
    expect(t.stores.connectors.getState().connectors.map((c) => c.id)).toEqual(['phantom'])
  })

  it('removing the last adapter leaves no active chain', () => {
    t.controller.removeAdapter('eip155')
    t.controller.removeAdapter('solana')
    expect(t.chain()).toMatchObject({
      activeChain: undefined,
      activeCaipNetwork: undefined,
      chains: {},
    })
  })
})
