import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../../config.js'
import { parsePaymasterConfig } from './config.js'

const KEY = `0x${'ab'.repeat(32)}`
const PAYMASTER = '0x1111111111111111111111111111111111111111'

describe('LATCH_PAYMASTER*', () => {
  it('is off without paymasters, and reads addresses, key and policies', () => {
    expect(parsePaymasterConfig({})).toBeNull()
    const config = parsePaymasterConfig({
      LATCH_PAYMASTERS: `eip155:31337=${PAYMASTER}`,
      LATCH_PAYMASTER_SIGNER_KEY: KEY,
      LATCH_PAYMASTER_POLICY: 'proj_1=5/100, *=0/0',
    })
    expect(config?.addresses.get(31337)).toBe(PAYMASTER)
    expect(config?.policies.get('proj_1')).toEqual({ perAccountPerDay: 5, perProjectPerDay: 100 })
    expect(config?.policies.get('*')).toEqual({ perAccountPerDay: 0, perProjectPerDay: 0 })
  })

  it('refuses malformed or incomplete settings, naming the variable', () => {
    expect(() =>
      parsePaymasterConfig({
        LATCH_PAYMASTERS: `31337=${PAYMASTER}`,
        LATCH_PAYMASTER_SIGNER_KEY: KEY,
      }),
    ).toThrow(/LATCH_PAYMASTERS/)
    expect(() => parsePaymasterConfig({ LATCH_PAYMASTERS: `eip155:1=${PAYMASTER}` })).toThrow(
      /LATCH_PAYMASTER_SIGNER_KEY/,
    )
    expect(() => parsePaymasterConfig({ LATCH_PAYMASTER_SIGNER_KEY: KEY })).toThrow(
      /LATCH_PAYMASTERS/,
    )
    expect(() =>
      parsePaymasterConfig({
        LATCH_PAYMASTERS: `eip155:1=${PAYMASTER}`,
        LATCH_PAYMASTER_SIGNER_KEY: KEY,
        LATCH_PAYMASTER_POLICY: 'p=5',
      }),
    ).toThrow(/LATCH_PAYMASTER_POLICY/)
  })

  it('stops the server from loading a malformed value', () => {
    expect(() =>
      loadConfig({ LATCH_DATA_DIR: 'memory://', LATCH_PAYMASTER_SIGNER_KEY: '0x12' }),
    ).toThrow(/LATCH_PAYMASTER_SIGNER_KEY/)
  })
})
