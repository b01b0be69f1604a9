import { describe, expect, it } from 'vitest'
import { DEV_POLKADOT_CAIP2, loadPolkadotConfig, POLKADOT_API, packageInstalled } from './config.js'

const load = (env: Record<string, string | undefined>) => {
  const issues: string[] = []
  return { config: loadPolkadotConfig(env, issues), issues }
}

describe('loadPolkadotConfig', () => {
  it('serves nothing by default, and the dev chain when only its port is set', () => {
    expect(load({})).toEqual({ config: { chains: [], fromBlock: 1 }, issues: [] })
    expect(load({ LATCH_POLKADOT_PORT: '9944' }).config.chains).toEqual([
      { caip2: DEV_POLKADOT_CAIP2, url: 'ws://127.0.0.1:9944' },
    ])
    // An explicit list, even empty, wins over the dev port.
    expect(load({ LATCH_POLKADOT_PORT: '9944', LATCH_POLKADOT_CHAINS: '' }).config.chains).toEqual(
      [],
    )
  })

  it('reads a list of chains', () => {
    const { config, issues } = load({
      LATCH_POLKADOT_CHAINS:
        'polkadot:91b171bb158e2d3848fa23a9f1c25182=wss://rpc.example/polkadot/, polkadot:b0a8d493285c2df73290dfb7e61f870f=ws://10.0.0.2:9944',
      LATCH_POLKADOT_FROM_BLOCK: '100',
    })
    expect(issues).toEqual([])
    expect(config).toEqual({
      chains: [
        { caip2: 'polkadot:91b171bb158e2d3848fa23a9f1c25182', url: 'wss://rpc.example/polkadot' },
        { caip2: 'polkadot:b0a8d493285c2df73290dfb7e61f870f', url: 'ws://10.0.0.2:9944' },
      ],
      fromBlock: 100,
    })
  })

  it('reports every mistake as an issue, never throws', () => {
    const { config, issues } = load({
      LATCH_POLKADOT_CHAINS: [
        'polkadot:91b1=ws://a',
        'polkadot:91B171BB158E2D3848FA23A9F1C25182=ws://a',
        'polkadot:91b171bb158e2d3848fa23a9f1c25182=http://a',
        'polkadot:91b171bb158e2d3848fa23a9f1c25182=ws://user:pw@a',
        'ws://a',
        'polkadot:b0a8d493285c2df73290dfb7e61f870f=ws://a',
        'polkadot:b0a8d493285c2df73290dfb7e61f870f=ws://b',
      ].join(','),
      LATCH_POLKADOT_FROM_BLOCK: '-1',
    })
    expect(config.chains).toEqual([
      { caip2: 'polkadot:b0a8d493285c2df73290dfb7e61f870f', url: 'ws://a' },
    ])
    expect(issues).toHaveLength(7)
    expect(issues.at(-2)).toContain('named twice')
    expect(load({ LATCH_POLKADOT_PORT: 'x' }).issues[0]).toContain('LATCH_POLKADOT_PORT')
  })
})

describe('the optional @polkadot/api', () => {
  const env = {
    LATCH_POLKADOT_CHAINS: 'polkadot:91b171bb158e2d3848fa23a9f1c25182=ws://127.0.0.1:9944',
  }

  it('is found in this workspace, where it is a dev dependency', () => {
    expect(packageInstalled(POLKADOT_API)).toBe(true)
    expect(packageInstalled('@latch/no-such-package')).toBe(false)
  })

  it('refuses a Polkadot chain when it is not installed, and says how to install it', () => {
    const issues: string[] = []
    loadPolkadotConfig(env, issues, () => false)
    expect(issues).toEqual([expect.stringContaining('npm install @polkadot/api@16')])
    // A server with no Polkadot chain never needs it.
    const none: string[] = []
    loadPolkadotConfig({}, none, () => false)
    expect(none).toEqual([])
  })
})
