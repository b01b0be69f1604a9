import { beforeEach, describe, expect, it } from 'vitest'
import { defineEvmNetwork, ethereumNetwork } from '../../adapters/eip155/networks.js'
import { solanaMainnet } from '../../adapters/solana/networks.js'
import { type ControllerSetup, setupController } from '../setup.testing.js'

let t: ControllerSetup
beforeEach(async () => {
  t = setupController()
  await t.controller.initialize()
})

describe('addNetwork', () => {
  it('lists a new network once', async () => {
    const { zora } = await import('viem/chains')
    const network = defineEvmNetwork(zora, 'zora')
    t.controller.addNetwork('eip155', network)
    t.controller.addNetwork('eip155', network)
    t.controller.addNetwork('eip155', ethereumNetwork)
    expect(t.chain().chains.eip155!.caipNetworks.map((n) => n.id)).toEqual([1, 10, 8453, zora.id])
  })

  it('needs that namespace to have an adapter', () => {
    t.controller.removeAdapter('solana')
    expect(() => t.controller.addNetwork('solana', solanaMainnet)).toThrow(
      'Chain adapter not found',
    )
  })
})
