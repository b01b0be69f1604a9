import { describe, expect, test } from 'vitest'
import type { FamilyCatalogue } from '../../chains/types.js'
import { curatedWallets } from './dataset.js'
import { CatalogueDataError, mergeCatalogue } from './merge.js'

const facts = (id: string) => ({
  id,
  name: id.toUpperCase(),
  rdns: null,
  homepage: `https://${id}.test`,
})

describe('mergeCatalogue', () => {
  test("places the families' wallets and gathers each wallet's chains in family order", () => {
    const first: FamilyCatalogue = { walletChains: { a: ['x:1', 'x:2'], c: ['x:1'] } }
    const second: FamilyCatalogue = {
      walletChains: { a: ['y:1'], b: ['y:1'] },
      wallets: [{ ...facts('b'), place: 2, mobileLink: 'b://' }],
    }
    const merged = mergeCatalogue([facts('a'), facts('c')], [first, second])
    expect(merged.map((w) => w.id)).toEqual(['a', 'b', 'c'])
    expect(merged[0]?.chains).toEqual(['x:1', 'x:2', 'y:1'])
    expect(merged[1]).toEqual({
      id: 'b',
      name: 'B',
      rdns: null,
      chains: ['y:1'],
      homepage: 'https://b.test',
      mobileLink: 'b://',
      desktopLink: null,
      webappLink: null,
    })
  })

  test('refuses inconsistent data rather than serving a partial catalogue', () => {
    const chains = { a: ['x:1'], b: ['x:1'] }
    const twice: FamilyCatalogue = {
      walletChains: chains,
      wallets: [
        { ...facts('b'), place: 1 },
        { ...facts('c'), place: 1 },
      ],
    }
    expect(() => mergeCatalogue([facts('a')], [twice])).toThrow(CatalogueDataError)
    const beyond: FamilyCatalogue = { walletChains: chains, wallets: [{ ...facts('b'), place: 5 }] }
    expect(() => mergeCatalogue([facts('a')], [beyond])).toThrow(/place/)
    expect(() => mergeCatalogue([facts('a')], [{ walletChains: { z: ['x:1'] } }])).toThrow(
      /unknown wallet z/,
    )
    expect(() =>
      mergeCatalogue([facts('a'), facts('b')], [{ walletChains: { a: ['x:1'] } }]),
    ).toThrow(/b lists no chain/)
    expect(() => mergeCatalogue([facts('a'), facts('a')], [{ walletChains: chains }])).toThrow(
      /twice/,
    )
  })
})

describe('the shipped catalogue', () => {
  test('keeps its order and every wallet lists a chain of a registered family', () => {
    expect(curatedWallets.slice(0, 4).map((w) => w.id)).toEqual([
      'metamask',
      'trust',
      'coinbase',
      'rainbow',
    ])
    expect(curatedWallets).toHaveLength(71)
    expect(curatedWallets.find((w) => w.id === 'leap')?.mobileLink).toBe('leapcosmos://')
    for (const wallet of curatedWallets) expect(wallet.chains.length).toBeGreaterThan(0)
  })
})
