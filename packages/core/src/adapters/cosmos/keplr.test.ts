import { describe, expect, it } from 'vitest'
import { type KeplrLike, keplrWallets } from './keplr.js'
import { cosmosDevNetwork, cosmosHubNetwork } from './networks.js'
import { cosmosConnectors } from './wallets.js'

const api = (): KeplrLike => ({
  enable: async () => {},
  getKey: async () => {
    throw new Error('not in this test')
  },
  signArbitrary: async () => {
    throw new Error('not in this test')
  },
})

describe('Keplr-API wallet discovery', () => {
  it('finds Keplr, Leap and Cosmostation at their own places', () => {
    const target = { keplr: api(), leap: api(), cosmostation: { providers: { keplr: api() } } }
    expect(keplrWallets(target).map((w) => [w.id, w.name, w.keystoreEvent])).toEqual([
      ['keplr:keplr', 'Keplr', 'keplr_keystorechange'],
      ['keplr:leap', 'Leap', 'leap_keystorechange'],
      ['keplr:cosmostation', 'Cosmostation', 'cosmostation_keystorechange'],
    ])
  })

  it('a wallet that took window.keplr over is listed once, under its own name', () => {
    const leap = api()
    expect(keplrWallets({ keplr: leap, leap }).map((w) => w.id)).toEqual(['keplr:leap'])
  })

  it('ignores objects that do not offer the Keplr API', () => {
    expect(keplrWallets({ keplr: { enable: 'no' }, leap: {}, cosmostation: {} })).toEqual([])
  })

  it('reads the wallet object again on each call, and says so when it is gone', () => {
    const target: Record<string, unknown> = { keplr: api() }
    const [wallet] = keplrWallets(target)
    const replaced = api()
    target.keplr = replaced
    expect(wallet?.api()).toBe(replaced)
    delete target.keplr
    expect(() => wallet?.api()).toThrow(/no longer on the page/)
  })

  it('a connector offers the app networks whose chain data is known', () => {
    const [wallet] = keplrWallets({ keplr: api() })
    const unknown = {
      ...cosmosHubNetwork,
      id: 'unknown-1',
      caipNetworkId: 'cosmos:unknown-1' as const,
    }
    const [connector] = cosmosConnectors(wallet ? [wallet] : [], [cosmosDevNetwork, unknown])
    expect(connector).toMatchObject({ id: 'keplr:keplr', type: 'ANNOUNCED', chain: 'cosmos' })
    expect(connector?.chains?.map((n) => n.id)).toEqual(['latchdev-1'])
  })
})
