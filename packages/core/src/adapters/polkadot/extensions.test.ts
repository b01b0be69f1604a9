import { describe, expect, it } from 'vitest'
import { injectedExtensions, polkadotConnectors } from './extensions.js'
import { polkadotNetwork } from './networks.js'

const entry = () => ({ version: '1', enable: async () => ({}) as never })

describe('injectedExtensions', () => {
  it('lists every entry with enable(), known extensions by their names, in a stable order', () => {
    const found = injectedExtensions({
      injectedWeb3: {
        'my-wallet': { ...entry(), name: 'Mine' },
        'subwallet-js': entry(),
        'polkadot-js': entry(),
        talisman: entry(),
        broken: { version: '1' },
        nothing: null,
      },
    })
    expect(found.map((e) => [e.id, e.name])).toEqual([
      ['polkadot:polkadot-js', 'Polkadot{.js}'],
      ['polkadot:talisman', 'Talisman'],
      ['polkadot:subwallet-js', 'SubWallet'],
      ['polkadot:my-wallet', 'Mine'],
    ])
  })

  it('finds none on a page without injectedWeb3, or with something else under the name', () => {
    expect(injectedExtensions(undefined)).toEqual([])
    expect(injectedExtensions({})).toEqual([])
    expect(injectedExtensions({ injectedWeb3: 'talisman' })).toEqual([])
  })

  it('makes one injected Polkadot connector per extension, on the app networks', () => {
    const [connector] = polkadotConnectors(
      injectedExtensions({ injectedWeb3: { talisman: entry() } }),
      [polkadotNetwork],
    )
    expect(connector).toMatchObject({
      id: 'polkadot:talisman',
      name: 'Talisman',
      type: 'INJECTED',
      chain: 'polkadot',
      chains: [polkadotNetwork],
    })
  })
})
