import { beforeEach, describe, expect, it } from 'vitest'
import { baseNetwork, ethereumNetwork } from '../../adapters/eip155/networks.js'
import { solanaDevnet } from '../../adapters/solana/networks.js'
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

  describe('an email or social user', () => {
    const auth = (chain: 'eip155' | 'solana') =>
      ({ id: 'latch-auth', name: 'Email', type: 'AUTH', chain }) as const
    beforeEach(() => {
      t.evm.connectors.push(auth('eip155'))
      t.solana.connectors.push(auth('solana'))
      t.evm.emit('connectors', t.evm.connectors)
      t.solana.emit('connectors', t.solana.connectors)
    })

    it('is connected on the other namespace with the same session, without a prompt', async () => {
      await t.controller.connect({ namespace: 'eip155', connectorId: 'latch-auth' })
      await t.controller.switchNetwork(solanaDevnet)
      expect(t.solana.calls).toContainEqual({ method: 'connect', args: 'latch-auth' })
      expect(t.chain().activeChain).toBe('solana')
      expect(t.chain().chains.solana?.accountState).toMatchObject({
        status: 'connected',
        address: SOL_ADDRESS,
      })
    })

    it('is not carried from an external wallet, nor to a namespace without the embedded wallet', async () => {
      await t.controller.connect({ namespace: 'eip155', connectorId: 'fake' })
      await t.controller.switchNetwork(solanaDevnet)
      expect(t.solana.calls.filter((c) => c.method === 'connect')).toEqual([])
      expect(t.chain().chains.solana?.accountState.address).toBeUndefined()

      await t.controller.switchNetwork(ethereumNetwork)
      t.solana.connectors.pop()
      t.solana.emit('connectors', t.solana.connectors)
      await t.controller.connect({ namespace: 'eip155', connectorId: 'latch-auth' })
      await t.controller.switchNetwork(solanaDevnet)
      expect(t.solana.calls.filter((c) => c.method === 'connect')).toEqual([])
    })

    it('stays on the chosen network when the session cannot follow', async () => {
      await t.controller.connect({ namespace: 'eip155', connectorId: 'latch-auth' })
      t.solana.behaviour.connect = async () => {
        throw new Error('Sign in with your email first')
      }
      await expect(t.controller.switchNetwork(solanaDevnet)).resolves.toBe(solanaDevnet)
      expect(t.chain().activeChain).toBe('solana')
      expect(t.chain().chains.solana?.accountState.status).toBe('disconnected')
    })
  })
})
