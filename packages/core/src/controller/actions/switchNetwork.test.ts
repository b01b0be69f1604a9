import { beforeEach, describe, expect, it } from 'vitest'
import { baseNetwork, ethereumNetwork } from '../../networks/evm.js'
import { solanaDevnet } from '../../networks/nonEvm.js'
import type { CaipNetwork } from '../../networks/types.js'
import { selectActiveCaipAddress } from '../../stores/chain.js'
import { openModal } from '../../stores/router.js'
import {
  type ControllerSetup,
  EVM_ADDRESS,
  SOL_ADDRESS,
  setupController,
} from '../setup.testing.js'

let t: ControllerSetup
beforeEach(async () => {
  t = setupController()
  await t.controller.initialize()
})

describe('switchNetwork', () => {
  it('changes the active namespace, resets the send form and moves the CAIP address', async () => {
    await t.controller.connect({ namespace: 'solana', connectorId: 'phantom' })
    await t.controller.switchNetwork(ethereumNetwork)
    t.stores.send.setState({ receiverAddress: '0xdead', sendTokenAmount: '1' })

    await expect(t.controller.switchNetwork(solanaDevnet)).resolves.toBe(solanaDevnet)

    expect(t.chain().activeChain).toBe('solana')
    expect(t.chain().activeCaipNetwork).toBe(solanaDevnet)
    expect(selectActiveCaipAddress(t.chain())).toBe(`solana:${solanaDevnet.id}:${SOL_ADDRESS}`)
    expect(t.stores.send.getState()).toMatchObject({
      receiverAddress: undefined,
      sendTokenAmount: undefined,
    })
    expect(t.storage.get('activeCaipNetworkId')).toBe(solanaDevnet.caipNetworkId)
  })

  it('asks the connected wallet to switch first', async () => {
    await t.controller.connect({ namespace: 'eip155', connectorId: 'fake' })
    await t.controller.switchNetwork(baseNetwork)
    expect(t.evm.calls).toContainEqual({ method: 'switchNetwork', args: 'eip155:8453' })
    expect(selectActiveCaipAddress(t.chain())).toBe(`eip155:8453:${EVM_ADDRESS}`)
  })

  it('keeps the network and rethrows when the wallet refuses, leaving the modal alone', async () => {
    await t.controller.connect({ namespace: 'eip155', connectorId: 'fake' })
    openModal(t.stores.router, { view: 'SwitchNetwork', network: baseNetwork })
    const before = t.stores.router.getState()
    t.evm.behaviour.switchNetwork = async () => {
      throw Object.assign(new Error('rejected'), { code: 4001 })
    }
    await expect(t.controller.switchNetwork(baseNetwork)).rejects.toThrow('rejected')
    expect(t.stores.router.getState()).toBe(before)
    expect(t.chain().activeCaipNetwork?.caipNetworkId).toBe('eip155:1')
  })

  it('requires a namespace, reports and rethrows', async () => {
    const noNamespace = { ...ethereumNetwork, chainNamespace: undefined } as unknown as CaipNetwork
    await expect(t.controller.switchNetwork(noNamespace)).rejects.toThrow(
      'ChainController:switchActiveNetwork - namespace is required',
    )
    expect(t.reports.map((r) => r.message)).toEqual([
      'ChainController:switchActiveNetwork - namespace is required',
    ])
    expect(t.reports[0]!.category).toBe('INTERNAL_SDK_ERROR')
  })

  it('shows the not-found alert for a network the app does not list, and resolves undefined', async () => {
    const { mainnet } = await import('viem/chains')
    const unlisted = { ...ethereumNetwork, ...mainnet, id: 5, caipNetworkId: 'eip155:5' as const }
    await expect(t.controller.switchNetwork(unlisted)).resolves.toBeUndefined()
    expect(t.stores.alerts.getState()).toMatchObject({
      open: true,
      message: 'Network not found',
      variant: 'error',
    })
    expect(t.chain().activeCaipNetwork?.caipNetworkId).toBe('eip155:1')
  })
})
