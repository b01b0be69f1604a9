import { describe, expect, it } from 'vitest'
import { ChainConfigError, loadChainDataConfig } from '../config.js'
import { DEFAULT_TIMEOUT_MS, loadCosmosConfig } from './config.js'

const load = (env: Record<string, string | undefined>) => {
  const issues: string[] = []
  return { config: loadCosmosConfig(env, issues), issues }
}

describe('loadCosmosConfig', () => {
  it('serves nothing by default', () => {
    expect(load({})).toEqual({ config: { chains: [], timeoutMs: DEFAULT_TIMEOUT_MS }, issues: [] })
  })

  it("serves the dev node's chain from its ports when LATCH_COSMOS_NODES is not set", () => {
    expect(load({ LATCH_COSMOS_RPC_PORT: '18004', LATCH_COSMOS_REST_PORT: '18005' })).toEqual({
      config: {
        chains: [
          {
            caip2: 'cosmos:latchdev-1',
            rpcUrl: 'http://127.0.0.1:18004',
            restUrl: 'http://127.0.0.1:18005',
          },
        ],
        timeoutMs: DEFAULT_TIMEOUT_MS,
      },
      issues: [],
    })
    // Set, even empty, it is the list: no dev chain.
    expect(
      load({ LATCH_COSMOS_NODES: '', LATCH_COSMOS_RPC_PORT: '1', LATCH_COSMOS_REST_PORT: '2' })
        .config.chains,
    ).toEqual([])
    expect(load({ LATCH_COSMOS_RPC_PORT: '18004' }).issues).toEqual([
      'LATCH_COSMOS_RPC_PORT and LATCH_COSMOS_REST_PORT: expected two port numbers, got "18004" and ""',
    ])
  })

  it('reads chain=rpc|rest entries, and pushes every problem to issues', () => {
    const { config, issues } = load({
      LATCH_COSMOS_NODES: [
        'cosmos:cosmoshub-4=https://rpc.example/|https://rest.example/base/',
        'cosmos:osmosis-1=http://127.0.0.1:26657',
        'cosmos:juno-1=http://a|http://b',
        'eip155:1=http://a|http://b',
        'cosmos:celestia=ftp://a|http://b',
        'cosmos:celestia=http://a?x=1|http://b',
        'cosmos:cosmoshub-4=http://a|http://b',
      ].join(','),
      LATCH_COSMOS_TIMEOUT_MS: '50',
    })
    expect(config).toEqual({
      chains: [
        {
          caip2: 'cosmos:cosmoshub-4',
          rpcUrl: 'https://rpc.example',
          restUrl: 'https://rest.example/base',
        },
      ],
      timeoutMs: DEFAULT_TIMEOUT_MS,
    })
    expect(issues).toHaveLength(7)
    expect(issues[0]).toMatch(/expected cosmos:<chain id>=.*osmosis-1/)
    expect(issues[1]).toMatch(/cosmos:juno-1 is not a Cosmos chain this server knows/)
    expect(issues[5]).toMatch(/cosmos:cosmoshub-4 is named twice/)
    expect(issues[6]).toMatch(/LATCH_COSMOS_TIMEOUT_MS/)
  })

  it('is read by the server as a registered family, its problems listed with the others', () => {
    const config = loadChainDataConfig(
      { LATCH_COSMOS_NODES: 'cosmos:celestia=http://127.0.0.1:1|http://127.0.0.1:2' },
      'http://127.0.0.1:9',
    )
    expect(config.backends.get('cosmos')).toMatchObject({ chains: [{ caip2: 'cosmos:celestia' }] })
    const error = (() => {
      try {
        loadChainDataConfig({ LATCH_COSMOS_NODES: 'cosmos:nope' }, 'http://127.0.0.1:9')
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(ChainConfigError)
    expect((error as ChainConfigError).issues).toEqual([
      expect.stringMatching(/^LATCH_COSMOS_NODES: expected/),
    ])
  })
})
