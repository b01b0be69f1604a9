import { describe, expect, it } from 'vitest'
import { baseNetwork, ethereumNetwork, optimismNetwork } from '../adapters/eip155/networks.js'
import { solanaMainnet } from '../adapters/solana/networks.js'
import type { CaipNetwork } from '../networks/types.js'
import { createFakeAdapter } from '../testing/fakeAdapter.js'
import { DEFAULT_CAIP_NETWORK_ID } from './register.js'
import { setupController } from './setup.testing.js'

/** A controller whose app lists `networks` in this order (one fake adapter per namespace). */
async function startOn(
  networks: CaipNetwork[],
  options: { defaultNetwork?: CaipNetwork; stored?: string } = {},
) {
  const evm = networks.filter((n) => n.chainNamespace === 'eip155')
  const solana = networks.filter((n) => n.chainNamespace === 'solana')
  const adapters = [
    ...(evm.length ? [createFakeAdapter({ namespace: 'eip155', networks: evm })] : []),
    ...(solana.length ? [createFakeAdapter({ namespace: 'solana', networks: solana })] : []),
  ]
  const t = setupController({ networks, defaultNetwork: options.defaultNetwork }, { adapters })
  if (options.stored) t.storage.set('activeCaipNetworkId', options.stored)
  await t.controller.initialize()
  return t.chain().activeCaipNetwork?.caipNetworkId
}

describe('the network a page starts on (docs/behaviour.md#networks)', () => {
  it(`is ${DEFAULT_CAIP_NETWORK_ID} when the app lists it and names no default, wherever it is listed`, async () => {
    expect(await startOn([optimismNetwork, baseNetwork, ethereumNetwork])).toBe('eip155:1')
    expect(await startOn([solanaMainnet, optimismNetwork, ethereumNetwork])).toBe('eip155:1')
  })

  it("is the app's defaultNetwork when it names one it lists", async () => {
    expect(
      await startOn([ethereumNetwork, optimismNetwork], { defaultNetwork: optimismNetwork }),
    ).toBe('eip155:10')
  })

  it('is the first listed when the app lists no eip155:1 (never a network it does not list)', async () => {
    expect(await startOn([baseNetwork, optimismNetwork])).toBe('eip155:8453')
    expect(await startOn([solanaMainnet])).toBe(solanaMainnet.caipNetworkId)
    // A default the app does not list is passed over like an absent one.
    expect(await startOn([baseNetwork, ethereumNetwork], { defaultNetwork: optimismNetwork })).toBe(
      'eip155:1',
    )
  })

  it('is the stored network when the app still lists it', async () => {
    expect(await startOn([optimismNetwork, ethereumNetwork], { stored: 'eip155:10' })).toBe(
      'eip155:10',
    )
  })
})

describe("an adapter's alert (the WalletConnect relay refusing the app)", () => {
  it('reaches the alerts store, shown once however often the adapter repeats it', async () => {
    const adapter = createFakeAdapter({ namespace: 'eip155', networks: [ethereumNetwork] })
    const t = setupController({ networks: [ethereumNetwork] }, { adapters: [adapter] })
    await t.controller.initialize()
    let shown = 0
    t.stores.alerts.subscribe((state, before) => {
      if (state.open && !before.open) shown++
    })
    const alert = {
      code: 'RELAY_ORIGIN_NOT_ALLOWED',
      variant: 'error',
      message: 'Origin Not Allowed',
      debugMessage: 'the relay refused this origin',
    } as const
    adapter.emit('alert', alert)
    expect(t.stores.alerts.getState()).toMatchObject({ open: true, message: 'Origin Not Allowed' })
    t.stores.alerts.setState({ open: false })
    adapter.emit('alert', alert)
    expect(t.stores.alerts.getState().open).toBe(false)
    expect(shown).toBe(1)
  })
})
