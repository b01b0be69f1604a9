import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openTestApp, type ProviderTestApp } from './testing.js'

const routes = [
  ['get', '/projects/v1/origins'],
  ['get', '/appkit/v1/config'],
  ['get', '/getAnalyticsConfig'],
  ['get', '/getWallets'],
  ['post', '/e'],
  ['get', '/getWalletImage/{id}'],
  ['get', '/public/getAssetImage/{id}'],
  ['get', '/public/getCurrencyImage/{id}'],
  ['get', '/public/getTokenImage/{id}'],
] as const

describe('OpenAPI document', () => {
  let t: ProviderTestApp
  beforeAll(async () => {
    const opened = await openTestApp('pglite')
    if ('unavailable' in opened) throw new Error(opened.unavailable)
    t = opened
  })
  afterAll(async () => {
    await t?.close()
  })

  test('/docs serves the UI', async () => {
    let res = await t.app.inject({ url: '/docs' })
    // The UI may redirect to its index page first.
    for (let hops = 0; res.statusCode === 302 && hops < 3; hops++) {
      const location = new URL(String(res.headers.location), 'http://x/docs/')
      res = await t.app.inject({ url: location.pathname })
    }
    expect(res.statusCode).toBe(200)
    expect(res.body.toLowerCase()).toContain('swagger')
  })

  test('covers every provider route with its parameters and answers', async () => {
    const res = await t.app.inject({ url: '/docs/json' })
    expect(res.statusCode).toBe(200)
    const doc = res.json() as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { name: string; in: string }[]
            requestBody?: unknown
            responses: Record<string, unknown>
          }
        >
      >
    }
    for (const [method, path] of routes) {
      const operation = doc.paths[path]?.[method]
      expect(operation, `${method.toUpperCase()} ${path}`).toBeDefined()
      expect(Object.keys(operation!.responses).length).toBeGreaterThan(1)
    }
    const wallets = doc.paths['/getWallets']!.get!
    expect(wallets.parameters!.map((p) => p.name).sort()).toEqual(
      [
        'badge_type',
        'chains',
        'entries',
        'exclude',
        'include',
        'page',
        'projectId',
        'search',
        'st',
        'sv',
      ].sort(),
    )
    expect(doc.paths['/e']!.post!.requestBody).toBeDefined()
    expect(doc.paths['/e']!.options).toBeUndefined()
  })
})
