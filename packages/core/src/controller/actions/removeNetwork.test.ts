import { beforeEach, describe, expect, it } from 'vitest'
import { optimismNetwork } from '../../adapters/eip155/networks.js'
import { solanaMainnet } from '../../adapters/solana/networks.js'
import { type ControllerSetup, setupController } from '../setup.testing.js'

let t: ControllerSetup
beforeEach(async () => {
  t = setupController()
  await t.controller.initialize()
})

describe('removeNetwork', () => {
  it('removing the active network switches to the first remaining one', async () => {
    await t.controller.switchNetwork(optimismNetwork)
    await t.controller.removeNetwork('eip155', 'eip155:10')
    expect(t.chain().chains.eip155!.caipNetworks.map((n) => n.id)).toEqual([1, 8453])
    expect(t.chain().activeCaipNetwork?.caipNetworkId).toBe('eip155:1')
  })

  it('removing another network keeps the active one', async () => {
    await t.controller.removeNetwork('eip155', 'eip155:8453')
    expect(t.chain().activeCaipNetwork?.caipNetworkId).toBe('eip155:1')
  })

  it('needs that namespace to have an adapter', async () => {
    t.controller.removeAdapter('solana')
    await expect(t.controller.removeNetwork('solana', solanaMainnet.caipNetworkId)).rejects.toThrow(
      'Chain adapter not found',
    )
  })
})
