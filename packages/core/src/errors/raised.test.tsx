import { describe, expect, it } from 'vitest'
import { createLazyBitcoinAdapter } from '../adapters/bip122/lazy.js'
import { bitcoinRegtest } from '../adapters/bip122/networks.js'
import { createLazyCosmosAdapter } from '../adapters/cosmos/lazy.js'
import { cosmosHubNetwork } from '../adapters/cosmos/networks.js'
import { createLazyPolkadotAdapter } from '../adapters/polkadot/lazy.js'
import { polkadotNetwork } from '../adapters/polkadot/networks.js'
import { WALLET_CONNECT_CONNECTOR_ID } from '../adapters/walletConnect/sessions.js'
import { setupController } from '../controller/setup.testing.js'
import { createLatchSiwx } from '../siwx/latchSiwx.js'
import { signInWithWallet } from '../siwx/signIn.js'
import { createMemoryStorage } from '../storage/backend.js'
import { SiwxNotEnabledError } from './actionErrors.js'
import { WalletConnectConnectorNotFoundError } from './connectorNotFound.js'
import { ConnectorNotFoundError } from './errors.js'
import { errorMessages } from './messages.js'

// Catalogue messages raised through the API where docs/behaviour.md#errors says.

describe("'SIWX is not enabled'", () => {
  it('rejects a wallet sign-in when the app configured no siwx, and reports it', async () => {
    const t = setupController()
    await t.controller.initialize()
    await t.controller.connect({ namespace: 'eip155', connectorId: 'fake' })
    const reports: string[] = []
    t.controller.errors.setReporter((r) => reports.push(r.message))
    const attempt = signInWithWallet(t.controller, undefined)
    await expect(attempt).rejects.toBeInstanceOf(SiwxNotEnabledError)
    await expect(attempt).rejects.toThrow('SIWX is not enabled')
    expect(reports).toEqual(['SIWX is not enabled'])
    // The wallet was never asked to sign.
    expect(t.evm.calls.some((c) => c.method === 'signMessage')).toBe(false)
  })

  it('is not raised when siwx is configured (the wallet is asked)', async () => {
    const t = setupController()
    await t.controller.initialize()
    await t.controller.connect({ namespace: 'eip155', connectorId: 'fake' })
    const siwx = createLatchSiwx({ serverUrl: 'http://127.0.0.1:9', projectId: 'p1' })
    const attempt = signInWithWallet(t.controller, siwx)
    await expect(attempt).rejects.not.toBeInstanceOf(SiwxNotEnabledError)
  })
})

describe("'WalletConnectConnector not found'", () => {
  it.each([
    [
      'Bitcoin',
      () =>
        createLazyBitcoinAdapter({ networks: [bitcoinRegtest], storage: createMemoryStorage() }),
    ],
    [
      'Polkadot',
      () =>
        createLazyPolkadotAdapter({ networks: [polkadotNetwork], storage: createMemoryStorage() }),
    ],
    [
      'Cosmos',
      () =>
        createLazyCosmosAdapter({ networks: [cosmosHubNetwork], storage: createMemoryStorage() }),
    ],
  ])('%s: a WalletConnect connect with no WalletConnect configured', async (_, adapter) => {
    const attempt = adapter().connect({ connectorId: WALLET_CONNECT_CONNECTOR_ID })
    await expect(attempt).rejects.toBeInstanceOf(WalletConnectConnectorNotFoundError)
    await expect(attempt).rejects.toThrow(errorMessages.walletConnectConnectorNotFound)
  })

  it('keeps naming any other missing connector', async () => {
    const adapter = createLazyBitcoinAdapter({
      networks: [bitcoinRegtest],
      storage: createMemoryStorage(),
    })
    const attempt = adapter.connect({ connectorId: 'app.phantom' })
    await expect(attempt).rejects.toBeInstanceOf(ConnectorNotFoundError)
    await expect(attempt).rejects.toThrow('Connector not found: app.phantom')
  })
})
