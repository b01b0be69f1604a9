import { describe, expect, test } from 'vitest'
import { imagePath, imageUrl } from './images.js'

describe('imagePath', () => {
  test('puts the id in one encoded segment', () => {
    expect(imagePath('asset', 'eip155:1')).toBe('/public/getAssetImage/eip155%3A1')
    expect(imagePath('wallet', '../x/y?z')).toBe('/getWalletImage/..%2Fx%2Fy%3Fz')
    expect(imagePath('token', 'USDC')).toBe('/public/getTokenImage/USDC')
    expect(imagePath('currency', 'usd')).toBe('/public/getCurrencyImage/usd')
  })
})

describe('imageUrl', () => {
  test('resolves against the server origin', () => {
    expect(imageUrl('http://127.0.0.1:8787', 'asset', 'eip155:8453')).toBe(
      'http://127.0.0.1:8787/public/getAssetImage/eip155%3A8453',
    )
    expect(imageUrl(new URL('https://latch.example/'), 'wallet', 'a b')).toBe(
      'https://latch.example/getWalletImage/a%20b',
    )
  })
})
