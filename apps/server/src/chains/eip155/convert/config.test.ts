import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../../config.js'
import {
  DEFAULT_1INCH_CHAINS,
  DEFAULT_AGGREGATOR_CHAINS,
  readSwapConfig,
  swapProviderName,
} from './config.js'

const ROUTER = '0x1f98431c8ad98523631ae4a59f267346ea31f984'

describe('the swap configuration (LATCH_SWAP_*)', () => {
  it('serves no swap by default, so the remote config says swaps are off', () => {
    const config = readSwapConfig({})
    expect(config).toEqual({ dexRouters: new Map(), usdTokens: new Map(), aggregator: null })
    expect(swapProviderName(config)).toBeNull()
  })

  it('reads DEX routers and names the DEX before the aggregator', () => {
    const config = readSwapConfig({
      LATCH_SWAP_DEX_ROUTERS: `eip155:31337=${ROUTER}`,
      LATCH_SWAP_AGGREGATOR: 'velora',
    })
    expect(config.dexRouters.get(31337)).toBe('0x1F98431c8aD98523631AE4a59f267346ea31F984')
    expect(config.aggregator?.chains).toEqual([...DEFAULT_AGGREGATOR_CHAINS])
    expect(swapProviderName(config)).toBe('dex')
    expect(swapProviderName(readSwapConfig({ LATCH_SWAP_AGGREGATOR: 'velora' }))).toBe('velora')
  })

  it('reads 1inch with its key and its own default networks', () => {
    const config = readSwapConfig({
      LATCH_SWAP_AGGREGATOR: '1inch',
      LATCH_SWAP_1INCH_KEY: 'k'.repeat(32),
    })
    expect(config.aggregator).toMatchObject({ id: '1inch', chains: [...DEFAULT_1INCH_CHAINS] })
    expect(swapProviderName(config)).toBe('1inch')
  })

  it('refuses malformed entries at start-up, naming the variable', () => {
    const issues = (env: Record<string, string>) => {
      try {
        loadConfig({ LATCH_DATA_DIR: 'memory://', ...env })
      } catch (error) {
        if (error instanceof ConfigError) return error.issues.join('\n')
        throw error
      }
      return ''
    }
    expect(issues({ LATCH_SWAP_DEX_ROUTERS: '31337=0x12' })).toMatch(/LATCH_SWAP_DEX_ROUTERS/)
    expect(issues({ LATCH_SWAP_DEX_ROUTERS: `eip155:1=${ROUTER},eip155:1=${ROUTER}` })).toMatch(
      /named twice/,
    )
    expect(issues({ LATCH_SWAP_AGGREGATOR: 'uniswapx' })).toMatch(/LATCH_SWAP_AGGREGATOR/)
    expect(issues({ LATCH_SWAP_AGGREGATOR_CHAINS: '1,base' })).toMatch(/not a chain id/)
    expect(issues({ LATCH_SWAP_VELORA_URL: 'ftp://x' })).toMatch(/LATCH_SWAP_VELORA_URL/)
    expect(issues({ LATCH_SWAP_AGGREGATOR: '1inch' })).toMatch(/LATCH_SWAP_1INCH_KEY/)
  })
})
