import { beforeEach, describe, expect, it } from 'vitest'
import { solanaMainnet } from '../../adapters/solana/networks.js'
import { WalletConnectOtherNamespaceError } from '../../adapters/walletConnect/errors.js'
import { type ControllerSetup, SOL_ADDRESS, setupController } from '../setup.testing.js'

// One WalletConnect pairing, several namespaces (docs/walletconnect.md#other-namespaces): an
// adapter reports its part of a session another namespace paired as 'connected', and a wallet
// that approved another namespace only finishes the connect attempt there.
let t: ControllerSetup
beforeEach(async () => {
  t = setupController()
  await t.controller.initialize()
})

const solanaResult = {
  connectorId: 'walletConnect',
  accounts: [{ address: SOL_ADDRESS }],
  chainId: solanaMainnet.id,
}

describe('a connection an adapter reports by itself', () => {
  it('is recorded and persisted, without taking the active namespace', () => {
    t.solana.emit('connected', solanaResult)
    expect(t.chain().activeChain).toBe('eip155')
    expect(t.chain().chains.solana?.accountState).toMatchObject({
      status: 'connected',
      address: SOL_ADDRESS,
    })
    expect(t.stores.connectors.getState().activeConnectorIds.solana).toBe('walletConnect')
    expect(t.storage.get('connections')).toEqual([
      { connectorId: 'walletConnect', namespace: 'solana', addresses: [SOL_ADDRESS] },
    ])
  })
})

describe('a pairing whose wallet approved another namespace only', () => {
  it('ends the attempt connected in that namespace, which becomes active; nothing is reported', async () => {
    t.evm.behaviour.connect = async () => {
      t.solana.emit('connected', solanaResult)
      throw new WalletConnectOtherNamespaceError('solana')
    }
    t.solana.behaviour.connect = async () => solanaResult
    const result = await t.controller.connect({ namespace: 'eip155', connectorId: 'walletConnect' })
    expect(result).toEqual(solanaResult)
    expect(t.chain().activeChain).toBe('solana')
    expect(t.evmAccount().status).toBe('disconnected')
    expect(t.stores.connectors.getState().attempt).toMatchObject({
      namespace: 'solana',
      status: 'connected',
    })
    expect(t.reports).toEqual([])
  })

  it('fails as any failure when the error names the namespace asked (no loop)', async () => {
    t.evm.behaviour.connect = async () => {
      throw new WalletConnectOtherNamespaceError('eip155')
    }
    await expect(
      t.controller.connect({ namespace: 'eip155', connectorId: 'walletConnect' }),
    ).rejects.toThrow('Failed to connect')
    expect(t.stores.connectors.getState().attempt?.status).toBe('failed')
  })
})
