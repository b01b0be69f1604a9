import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../config.js'

describe('on-ramp configuration', () => {
  it('turns a provider on only with both of its keys, and refuses half a pair', () => {
    const config = loadConfig({
      LATCH_ONRAMP_MOONPAY_PUBLISHABLE_KEY: 'pk_test_12345678',
      LATCH_ONRAMP_MOONPAY_SECRET_KEY: 'sk_test_12345678',
    })
    expect(config.onramp.moonpay).toMatchObject({
      apiUrl: 'https://api.moonpay.com',
      widgetUrl: 'https://buy.moonpay.com',
      webhookKey: undefined,
    })
    expect(config.onramp.coinbase).toBeUndefined()
    const coinbase = loadConfig({
      LATCH_ONRAMP_COINBASE_KEY_NAME: 'organizations/o/apiKeys/k',
      LATCH_ONRAMP_COINBASE_KEY_SECRET: 'x'.repeat(40),
      LATCH_ONRAMP_COINBASE_WEBHOOK_SECRET: 'cdp-webhook-secret-0123',
    }).onramp.coinbase
    expect(coinbase).toMatchObject({ country: 'US', webhookSecret: 'cdp-webhook-secret-0123' })
    expect(() => loadConfig({ LATCH_ONRAMP_COINBASE_WEBHOOK_SECRET: 'short' })).toThrow(
      /LATCH_ONRAMP_COINBASE_WEBHOOK_SECRET/,
    )
    expect(() => loadConfig({ LATCH_ONRAMP_MOONPAY_SECRET_KEY: 'sk_test_12345678' })).toThrow(
      /set both or neither/,
    )
    expect(() => loadConfig({ LATCH_ONRAMP_COINBASE_KEY_NAME: 'k' })).toThrow(ConfigError)
    expect(() => loadConfig({ LATCH_ONRAMP_MOONPAY_BASE_URL: 'ftp://x' })).toThrow(
      /LATCH_ONRAMP_MOONPAY_BASE_URL/,
    )
  })
})
