import { describe, expect, it } from 'vitest'
import { loadPolkadotConfig } from './config.js'
import { loadSubscanConfig } from './subscanConfig.js'

const POLKADOT = 'polkadot:91b171bb158e2d3848fa23a9f1c25182'
const KUSAMA = 'polkadot:b0a8d493285c2df73290dfb7e61f870f'

const load = (env: Record<string, string>) => {
  const issues: string[] = []
  return { config: loadSubscanConfig(env, issues), issues }
}

describe('Subscan settings', () => {
  it('is off unless set, and takes known chains with their token and prefix', () => {
    expect(load({})).toEqual({ config: undefined, issues: [] })
    const { config, issues } = load({
      LATCH_POLKADOT_SUBSCAN_KEY: ' k ',
      LATCH_POLKADOT_SUBSCAN_URLS: `${POLKADOT}=https://polkadot.api.subscan.io/, ${KUSAMA}=http://127.0.0.1:9000`,
    })
    expect(issues).toEqual([])
    expect(config).toEqual({
      apiKey: 'k',
      chains: [
        {
          caip2: POLKADOT,
          baseUrl: 'https://polkadot.api.subscan.io',
          symbol: 'DOT',
          decimals: 10,
          ss58Prefix: 0,
        },
        {
          caip2: KUSAMA,
          baseUrl: 'http://127.0.0.1:9000',
          symbol: 'KSM',
          decimals: 12,
          ss58Prefix: 2,
        },
      ],
    })
  })

  it('lists every mistake: a key without chains, chains without a key, plain http off loopback, credentials, an unknown or repeated chain', () => {
    expect(load({ LATCH_POLKADOT_SUBSCAN_KEY: 'k' }).issues[0]).toMatch(
      /LATCH_POLKADOT_SUBSCAN_URLS/,
    )
    expect(load({ LATCH_POLKADOT_SUBSCAN_URLS: `${POLKADOT}=https://x.io` }).issues[0]).toMatch(
      /LATCH_POLKADOT_SUBSCAN_KEY/,
    )
    const { config, issues } = load({
      LATCH_POLKADOT_SUBSCAN_KEY: 'k',
      LATCH_POLKADOT_SUBSCAN_URLS: [
        `${POLKADOT}=http://polkadot.api.subscan.io`,
        `${POLKADOT}=https://user:pw@polkadot.api.subscan.io`,
        'polkadot:45454545454545454545454545454545=https://dev.example',
        `${KUSAMA}=https://kusama.api.subscan.io`,
        `${KUSAMA}=https://kusama2.api.subscan.io`,
        'kusama=https://kusama.api.subscan.io',
      ].join(','),
    })
    expect(config?.chains.map((c) => c.caip2)).toEqual([KUSAMA])
    expect(issues).toHaveLength(5)
    expect(issues.join('\n')).toMatch(/not a network Latch knows/)
    expect(issues.join('\n')).toMatch(/named twice/)
  })

  it('rides on the Polkadot settings without asking for @polkadot/api', () => {
    const issues: string[] = []
    const config = loadPolkadotConfig(
      {
        LATCH_POLKADOT_SUBSCAN_KEY: 'k',
        LATCH_POLKADOT_SUBSCAN_URLS: `${POLKADOT}=https://polkadot.api.subscan.io`,
      },
      issues,
      () => false,
    )
    expect(issues).toEqual([])
    expect(config.chains).toEqual([])
    expect(config.subscan?.chains.map((c) => c.caip2)).toEqual([POLKADOT])
  })
})
