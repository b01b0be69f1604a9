import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createProject } from '../projects.js'
import { openTestApp, type ProviderTestApp } from '../testing.js'
import { CatalogueSyncError, syncCatalogue } from './explorer.js'
import fixture from './fixtures/explorer-wallets.json' with { type: 'json' }

// The recorded response is served by a stand-in fetch: tests never leave the process.
function fixtureFetch(seen: URL[]): typeof fetch {
  return (async (input: string | URL | Request) => {
    const url = new URL(String(input))
    seen.push(url)
    return new Response(JSON.stringify(fixture), {
      headers: { 'content-type': 'application/json' },
    })
  }) as typeof fetch
}

describe('catalogue sync on PGlite', () => {
  let t: ProviderTestApp
  beforeAll(async () => {
    const opened = await openTestApp('pglite')
    if ('unavailable' in opened) throw new Error(opened.unavailable)
    t = opened
  })
  afterAll(async () => {
    await t?.close()
  })

  test('imports listings, keeps curated wallets, serves the result', async () => {
    const seen: URL[] = []
    const result = await syncCatalogue(t.app.db, {
      projectId: 'operator-key',
      baseUrl: 'https://explorer.invalid',
      fetch: fixtureFetch(seen),
    })
    expect(result).toEqual({ fetched: 4, imported: 2, duplicates: 1, invalid: 1 })
    expect(seen).toHaveLength(1)
    expect(seen[0]!.pathname).toBe('/v3/wallets')
    expect(Object.fromEntries(seen[0]!.searchParams)).toEqual({
      projectId: 'operator-key',
      entries: '100',
      page: '1',
    })

    const project = await createProject(t.app.db, { name: 'S', origins: [] })
    const id = '0b415a746fb9ee99cce155c2ceca0c6f6061b1dbca2d722b3ba16381d0562150'
    const res = await t.app.inject({
      url: `/getWallets?projectId=${project.id}&include=${id},metamask`,
    })
    const { data } = res.json() as { data: { id: string; mobile_link: string | null }[] }
    expect(data.map((w) => w.id)).toEqual(['metamask', id])
    // The curated MetaMask is untouched by the Explorer duplicate.
    expect(data[0]!.mobile_link).toBe('metamask://')
    const image = await t.app.inject({
      url: '/getWalletImage/7a33d7f1-3d12-4b5c-f3ee-5cd83cb1b500',
    })
    expect(image.statusCode).toBe(200)
    expect(image.body).toContain('>EP</text>')

    // Syncing again is idempotent.
    const again = await syncCatalogue(t.app.db, {
      projectId: 'operator-key',
      baseUrl: 'https://explorer.invalid',
      fetch: fixtureFetch([]),
    })
    expect(again.imported).toBe(2)
  })

  test('an HTTP error from the Explorer is a CatalogueSyncError naming the status', async () => {
    const denied = (async () => new Response('no', { status: 401 })) as unknown as typeof fetch
    await expect(
      syncCatalogue(t.app.db, {
        projectId: 'bad',
        baseUrl: 'https://explorer.invalid',
        fetch: denied,
      }),
    ).rejects.toThrow(
      new CatalogueSyncError('The Explorer API (page 1) answered HTTP 401 (check the project id)'),
    )
  })
})
