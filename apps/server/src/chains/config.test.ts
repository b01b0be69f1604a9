import { describe, expect, it } from 'vitest'
import { ChainConfigError, DEV_CURSOR_SECRET, loadChainDataConfig } from './config.js'

describe('loadChainDataConfig', () => {
  it('defaults to indexing chain 31337 at the chain RPC URL, in-process', () => {
    const config = loadChainDataConfig({}, 'http://127.0.0.1:8545')
    expect(config.chains).toEqual([{ chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' }])
    expect(config.indexInProcess).toBe(true)
    expect(config.cursorSecret).toBe(DEV_CURSOR_SECRET)
    expect(config.cursorSecretIsDefault).toBe(true)
    expect(config.providers).toEqual([])
  })

  it('reads several chains, providers, lists and secrets', () => {
    const config = loadChainDataConfig(
      {
        LATCH_INDEX_CHAINS: '31337=http://127.0.0.1:8545, 10=https://rpc.example/op',
        LATCH_INDEXER: 'off',
        LATCH_HISTORY_PROVIDERS: '1=blockscout:https://explorer.example/api/v2,8453=etherscan',
        ETHERSCAN_API_KEY: 'k',
        LATCH_CURSOR_SECRET: 'a-long-enough-secret',
        LATCH_SPAM_DENY: '0x1111111111111111111111111111111111111111',
      },
      'http://unused',
    )
    expect(config.chains.map((c) => c.chainId)).toEqual([31337, 10])
    expect(config.indexInProcess).toBe(false)
    expect(config.providers).toEqual([
      { chainId: 1, kind: 'blockscout', baseUrl: 'https://explorer.example/api/v2' },
      { chainId: 8453, kind: 'etherscan', baseUrl: 'https://api.etherscan.io/v2/api', apiKey: 'k' },
    ])
    expect(config.cursorSecretIsDefault).toBe(false)
    expect(config.spam.deny.has('0x1111111111111111111111111111111111111111')).toBe(true)
  })

  it('reads LATCH_HISTORY_CACHE_MB: 128 MB by default, 0 turns the cache off', () => {
    const mb = 1024 * 1024
    expect(loadChainDataConfig({}, 'http://x').historyCacheBytes).toBe(128 * mb)
    expect(loadChainDataConfig({ LATCH_HISTORY_CACHE_MB: '0' }, 'http://x').historyCacheBytes).toBe(
      0,
    )
    expect(
      loadChainDataConfig({ LATCH_HISTORY_CACHE_MB: '16' }, 'http://x').historyCacheBytes,
    ).toBe(16 * mb)
    for (const bad of ['-1', '1.5', 'lots'])
      expect(() => loadChainDataConfig({ LATCH_HISTORY_CACHE_MB: bad }, 'http://x')).toThrow(
        /LATCH_HISTORY_CACHE_MB/,
      )
  })

  it('lists every problem at once', () => {
    try {
      loadChainDataConfig(
        {
          LATCH_INDEX_CHAINS: 'x=y',
          LATCH_HISTORY_PROVIDERS: '8453=etherscan',
          LATCH_CURSOR_SECRET: 'short',
          LATCH_INDEX_BATCH: '0',
        },
        'http://127.0.0.1:8545',
      )
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(ChainConfigError)
      expect((error as ChainConfigError).issues).toHaveLength(4)
    }
  })

  it('LATCH_RPC_URLS names upstreams per chain; indexed chains fill in the rest', () => {
    const config = loadChainDataConfig(
      { LATCH_RPC_URLS: '1=https://mainnet.example/rpc, 8453=https://base.example/rpc' },
      'http://127.0.0.1:8545',
    )
    expect([...config.rpcUrls]).toEqual([
      [1, 'https://mainnet.example/rpc'],
      [8453, 'https://base.example/rpc'],
      [31337, 'http://127.0.0.1:8545'],
    ])
    for (const bad of ['1=ftp://x', 'eth=https://x', '0=https://x', '1=https://a,1=https://b']) {
      expect(() => loadChainDataConfig({ LATCH_RPC_URLS: bad }, 'http://x:1'), bad).toThrow(
        /LATCH_RPC_URLS/,
      )
    }
  })
})
