import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { createLazyBitcoinAdapter } from '../adapters/bip122/lazy.js'
import { bitcoinRegtest } from '../adapters/bip122/networks.js'
import { chainNamespaces } from '../adapters/families.js'
import type { ChainAdapter } from '../adapters/types.js'
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

/**
 * Each registered family with a lazy adapter (`adapters/<namespace>/lazy.ts`), made with its first
 * network: read from the registration (adapters/families.ts), so a new family is tested here
 * without a line of its own.
 */
const adaptersDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../adapters')
const lazyFamilies = await Promise.all(
  chainNamespaces
    .filter((namespace) => existsSync(path.join(adaptersDir, namespace, 'lazy.ts')))
    .map(async (namespace) => {
      const lazy = (await import(`../adapters/${namespace}/lazy.ts`)) as Record<string, unknown>
      const networks = (await import(`../adapters/${namespace}/networks.ts`)) as Record<
        string,
        unknown
      >
      const create = Object.entries(lazy).find(([name]) => /^createLazy\w+Adapter$/.test(name))
      const network = Object.values(networks)
        .flatMap((value) => (Array.isArray(value) ? value : [value]))
        .find((value) => typeof value === 'object' && value && 'caipNetworkId' in value)
      return [
        namespace,
        () =>
          (create![1] as (parameters: object) => ChainAdapter)({
            networks: [network],
            storage: createMemoryStorage(),
          }),
      ] as const
    }),
)

/**
 * Solana's adapter connects no WalletConnect session (its wallets are the Wallet Standard's): for
 * it WalletConnect's id is an unknown connector like any other.
 */
const NO_WALLETCONNECT = new Set(['solana'])

describe("'WalletConnectConnector not found'", () => {
  it('is tested for every registered family with a lazy adapter', () => {
    expect(lazyFamilies.map(([namespace]) => namespace)).toEqual(
      expect.arrayContaining(['bip122', 'cosmos', 'polkadot', 'solana']),
    )
  })

  it.each(lazyFamilies)(
    '%s: a WalletConnect connect with no WalletConnect configured',
    async (namespace, adapter) => {
      const attempt = adapter().connect({ connectorId: WALLET_CONNECT_CONNECTOR_ID })
      if (NO_WALLETCONNECT.has(namespace)) {
        await expect(attempt).rejects.toThrow(`Connector not found: ${WALLET_CONNECT_CONNECTOR_ID}`)
        return
      }
      await expect(attempt).rejects.toBeInstanceOf(WalletConnectConnectorNotFoundError)
      await expect(attempt).rejects.toThrow(errorMessages.walletConnectConnectorNotFound)
    },
  )

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
