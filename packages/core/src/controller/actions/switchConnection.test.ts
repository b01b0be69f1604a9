import { beforeEach, describe, expect, it } from 'vitest'
import { ConnectorNotFoundError } from '../../errors/errors.js'
import { createMemoryStorage } from '../../storage/backend.js'
import { createLatchStorage } from '../../storage/storage.js'
import { defaultFeatures } from '../../stores/options.js'
import { type ControllerSetup, setupController } from '../setup.testing.js'

const SECOND = '0x00000000000000000000000000000000000000bb'
const connectors = [
  { id: 'fake', name: 'Fake Wallet', type: 'ANNOUNCED' as const, chain: 'eip155' as const },
  {
    id: 'Other.Wallet',
    name: 'Other Wallet',
    type: 'ANNOUNCED' as const,
    chain: 'eip155' as const,
  },
]

function setup(multiWallet: boolean, storage = createLatchStorage(createMemoryStorage())) {
  const t = setupController({ features: { ...defaultFeatures, multiWallet } }, { storage })
  t.evm.connectors = connectors
  const connect = t.evm.behaviour.connect
  t.evm.behaviour.connect = async (connectorId) =>
    connectorId === 'Other.Wallet'
      ? { connectorId, accounts: [{ address: SECOND }], chainId: 1 }
      : connect(connectorId)
  return t
}

const ids = (t: ControllerSetup) =>
  (t.stores.connections.getState().connections.eip155 ?? []).map((c) => c.connectorId)

describe('several wallets at once', () => {
  let t: ControllerSetup
  beforeEach(async () => {
    t = setup(true)
    await t.controller.initialize()
    await t.controller.connect({ namespace: 'eip155', connectorId: 'fake' })
    await t.controller.connect({ namespace: 'eip155', connectorId: 'Other.Wallet' })
  })

  it('keeps both connections, the newest active', () => {
    expect(ids(t)).toEqual(['fake', 'Other.Wallet'])
    expect(t.evmAccount().address).toBe(SECOND)
    expect(t.stores.connectors.getState().activeConnectorIds.eip155).toBe('Other.Wallet')
  })

  it('switches the active wallet, matching its id case-insensitively', async () => {
    await t.controller.switchConnection({ namespace: 'eip155', connectorId: 'FAKE' })
    expect(t.evmAccount().address).toBe('0x00000000000000000000000000000000000000aa')
    expect(t.evmAccount().connectedWalletInfo?.name).toBe('Fake Wallet')
    expect(t.storage.get('connectedConnectorIds')).toEqual({ eip155: 'fake' })
    await expect(
      t.controller.switchConnection({ namespace: 'eip155', connectorId: 'nope' }),
    ).rejects.toBeInstanceOf(ConnectorNotFoundError)
  })

  it('an account change in the inactive wallet leaves the active address alone', () => {
    t.evm.emit('accountChanged', {
      connectorId: 'fake',
      address: '0x00000000000000000000000000000000000000cc',
      accounts: [{ address: '0x00000000000000000000000000000000000000cc' }],
    })
    expect(t.evmAccount().address).toBe(SECOND)
    const fake = t.stores.connections.getState().connections.eip155?.[0]
    expect(fake?.accounts[0]?.address).toBe('0x00000000000000000000000000000000000000cc')
  })

  it('disconnecting the active wallet makes the other one active; all goes to none', async () => {
    await t.controller.disconnect({ namespace: 'eip155', connectorId: 'Other.Wallet' })
    expect(ids(t)).toEqual(['fake'])
    expect(t.evmAccount()).toMatchObject({
      status: 'connected',
      address: '0x00000000000000000000000000000000000000aa',
    })
    await t.controller.connect({ namespace: 'eip155', connectorId: 'Other.Wallet' })
    await t.controller.disconnect()
    expect(ids(t)).toEqual([])
    expect(t.evmAccount().status).toBe('disconnected')
  })

  it('a reload makes the wallet that was active active again', async () => {
    await t.controller.switchConnection({ namespace: 'eip155', connectorId: 'fake' })
    const again = setup(true, t.storage)
    again.evm.behaviour.reconnect = async () => [
      {
        connectorId: 'fake',
        accounts: [{ address: '0x00000000000000000000000000000000000000aa' }],
        chainId: 1,
      },
      { connectorId: 'Other.Wallet', accounts: [{ address: SECOND }], chainId: 1 },
    ]
    await again.controller.initialize()
    expect(again.evmAccount().address).toBe('0x00000000000000000000000000000000000000aa')
    expect(ids(again)).toHaveLength(2)
  })
})

describe('one wallet at a time (multi-wallet off)', () => {
  it('a new connection replaces the previous one', async () => {
    const t = setup(false)
    await t.controller.initialize()
    await t.controller.connect({ namespace: 'eip155', connectorId: 'fake' })
    await t.controller.connect({ namespace: 'eip155', connectorId: 'Other.Wallet' })
    expect(ids(t)).toEqual(['Other.Wallet'])
    expect(t.evm.calls).toContainEqual({ method: 'disconnect', args: { connectorId: 'fake' } })
    expect(t.evmAccount().address).toBe(SECOND)
  })
})
