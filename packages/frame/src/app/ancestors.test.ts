import { describe, expect, it } from 'vitest'
import { embeddingOrigins, verifiedParent } from './ancestors.js'

const allowed = new Set(['https://app.example', 'https://shop.example'])
const isAllowed = async (origin: string) => allowed.has(origin)

describe('embedding check', () => {
  it('reads every ancestor, nearest first; falls back to the referrer', () => {
    expect(
      embeddingOrigins(
        ['https://app.example', 'https://evil.example/x'],
        'https://ignored.example/',
      ),
    ).toEqual(['https://app.example', 'https://evil.example'])
    expect(embeddingOrigins(undefined, 'https://app.example/page?q=1')).toEqual([
      'https://app.example',
    ])
    expect(embeddingOrigins([], '')).toEqual([])
    expect(embeddingOrigins(['null'], '')).toEqual([undefined])
  })

  it('accepts a parent when it and every ancestor are allowed', async () => {
    expect(await verifiedParent(['https://app.example'], isAllowed)).toBe('https://app.example')
    expect(await verifiedParent(['https://app.example', 'https://shop.example'], isAllowed)).toBe(
      'https://app.example',
    )
  })

  it('refuses an allowed page framed by a foreign origin, at any depth', async () => {
    expect(
      await verifiedParent(['https://app.example', 'https://evil.example'], isAllowed),
    ).toBeUndefined()
    expect(
      await verifiedParent(
        ['https://app.example', 'https://shop.example', 'https://evil.example'],
        isAllowed,
      ),
    ).toBeUndefined()
  })

  it('refuses opaque ancestors, no ancestor, and a failed check', async () => {
    expect(await verifiedParent(['https://app.example', undefined], isAllowed)).toBeUndefined()
    expect(await verifiedParent([], isAllowed)).toBeUndefined()
    expect(
      await verifiedParent(['https://app.example'], () => Promise.reject(new Error('offline'))),
    ).toBeUndefined()
  })
})
