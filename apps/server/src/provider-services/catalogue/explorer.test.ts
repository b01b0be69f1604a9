import { describe, expect, test } from 'vitest'
import { type ExplorerListing, mapListing } from './explorer.js'
import fixture from './fixtures/explorer-wallets.json' with { type: 'json' }

const listings = Object.values(fixture.listings) as ExplorerListing[]

describe('mapListing (Explorer API v3 listing → catalogue row)', () => {
  test('maps links, stores, chains and injected ids', () => {
    const mapped = mapListing(listings[0]!, 0)
    expect(mapped).toEqual({
      kind: 'wallet',
      row: {
        id: '0b415a746fb9ee99cce155c2ceca0c6f6061b1dbca2d722b3ba16381d0562150',
        name: 'Example Pocket',
        imageId: '7a33d7f1-3d12-4b5c-f3ee-5cd83cb1b500',
        rdns: 'example.pocket',
        // "not a chain" is dropped.
        chains: ['eip155:1', 'eip155:137', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
        homepage: 'https://pocket.example',
        mobileLink: 'examplepocket://',
        desktopLink: null,
        webappLink: 'https://web.pocket.example',
        appStore: 'https://apps.apple.com/app/example-pocket/id000000001',
        playStore: 'https://play.google.com/store/apps/details?id=example.pocket',
        chromeStore:
          'https://chromewebstore.google.com/detail/example-pocket/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
        injected: [{ namespace: 'eip155', injected_id: 'isExamplePocket' }],
        badgeType: 'none',
        order: 10_000,
        source: 'explorer',
      },
    })
  })

  test('a hostile listing keeps no link a browser would run or load in clear', () => {
    const hostile: ExplorerListing = {
      ...listings[0]!,
      homepage: 'javascript:alert(document.cookie)',
      mobile: { native: 'javascript:alert(1)', universal: 'http://pocket.example/open' },
      desktop: { native: 'data:text/html,<script>alert(1)</script>', universal: 'ftp://x' },
      app: {
        browser: 'http://web.pocket.example',
        ios: 'vbscript:msgbox',
        android: 'file:///etc/passwd',
        chrome: 'https://chromewebstore.google.com/detail/x',
      },
    }
    const mapped = mapListing(hostile, 0)
    expect(mapped.kind).toBe('wallet')
    if (mapped.kind !== 'wallet') return
    expect(mapped.row).toMatchObject({
      homepage: null,
      mobileLink: null,
      desktopLink: null,
      webappLink: null,
      appStore: null,
      playStore: null,
      chromeStore: 'https://chromewebstore.google.com/detail/x',
    })
    const native = mapListing({ ...listings[0]!, mobile: { native: 'examplepocket://wc' } }, 0)
    expect(native.kind === 'wallet' && native.row.mobileLink).toBe('examplepocket://wc')
  })

  test('desktop-only wallet: native desktop link, no mobile link', () => {
    const mapped = mapListing(listings[1]!, 1)
    expect(mapped.kind).toBe('wallet')
    if (mapped.kind !== 'wallet') return
    expect(mapped.row).toMatchObject({
      desktopLink: 'deskvault://',
      mobileLink: null,
      injected: null,
      chains: ['bip122:000000000019d6689c085ae165831e93'],
    })
  })

  test('a wallet the curated dataset has is skipped; a broken listing is invalid', () => {
    expect(mapListing(listings[2]!, 2)).toEqual({ kind: 'duplicate', name: 'MetaMask' })
    expect(mapListing(listings[3]!, 3)).toEqual({ kind: 'invalid' })
    expect(mapListing({ id: 'ok', name: 'a\u0000b' }, 4)).toEqual({ kind: 'invalid' })
  })
})
