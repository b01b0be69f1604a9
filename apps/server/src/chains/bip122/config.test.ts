import { describe, expect, it } from 'vitest'
import { DEFAULT_TIMEOUT_MS, loadBitcoinConfig } from './config.js'

const MAINNET = 'bip122:000000000019d6689c085ae165831e93'
const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const load = (env: Record<string, string | undefined>) => {
  const issues: string[] = []
  return { config: loadBitcoinConfig(env, issues), issues }
}

describe('loadBitcoinConfig', () => {
  it('serves nothing when neither LATCH_BITCOIN_ESPLORA nor LATCH_BITCOIN_PORT is set', () => {
    expect(load({})).toEqual({ config: { chains: [], timeoutMs: DEFAULT_TIMEOUT_MS }, issues: [] })
  })

  it("serves the dev node's regtest chain on LATCH_BITCOIN_PORT unless LATCH_BITCOIN_ESPLORA is set", () => {
    expect(load({ LATCH_BITCOIN_PORT: '18007' }).config.chains).toEqual([
      { caip2: REGTEST, url: 'http://127.0.0.1:18007' },
    ])
    // Set, even empty, it wins: an operator turns Bitcoin off with LATCH_BITCOIN_ESPLORA=.
    expect(load({ LATCH_BITCOIN_PORT: '18007', LATCH_BITCOIN_ESPLORA: '' }).config.chains).toEqual(
      [],
    )
    expect(load({ LATCH_BITCOIN_PORT: 'http://x' }).issues).toEqual([
      'LATCH_BITCOIN_PORT: expected a port number, got "http://x"',
    ])
  })

  it('reads a list of chain=url, trailing slashes dropped', () => {
    const { config, issues } = load({
      LATCH_BITCOIN_ESPLORA: `${MAINNET}=https://esplora.example/api/ , ${REGTEST}=http://127.0.0.1:3002`,
      LATCH_BITCOIN_TIMEOUT_MS: '2500',
    })
    expect(issues).toEqual([])
    expect(config).toEqual({
      chains: [
        { caip2: MAINNET, url: 'https://esplora.example/api' },
        { caip2: REGTEST, url: 'http://127.0.0.1:3002' },
      ],
      timeoutMs: 2500,
    })
  })

  it('lists every mistake at once, never throwing', () => {
    const { config, issues } = load({
      LATCH_BITCOIN_ESPLORA: [
        'bip122:xyz=http://a',
        `${MAINNET}=ftp://a`,
        `${MAINNET}=http://user:pw@a`,
        `${MAINNET}=http://a/?key=1`,
        'bip122:00000000000000000000000000000000=http://a',
        `${REGTEST}=http://a`,
        `${REGTEST}=http://b`,
        'http://no-chain',
      ].join(','),
      LATCH_BITCOIN_TIMEOUT_MS: '5',
    })
    expect(config.chains).toEqual([{ caip2: REGTEST, url: 'http://a' }])
    expect(issues).toHaveLength(8)
    expect(issues[0]).toContain('expected bip122:<32 hex characters>=http(s)://esplora-url')
    expect(issues[4]).toContain('is not a Bitcoin network this server knows')
    expect(issues[5]).toBe(`LATCH_BITCOIN_ESPLORA: ${REGTEST} is named twice`)
    expect(issues[7]).toContain('LATCH_BITCOIN_TIMEOUT_MS')
  })
})
