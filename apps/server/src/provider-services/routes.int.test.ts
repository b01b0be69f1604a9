import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { curatedWallets } from './catalogue/dataset.js'
import { createProject, type ProjectView } from './projects.js'
import { IMAGE_CACHE_CONTROL } from './routes/images.js'
import { openTestApp, type ProviderTestApp } from './testing.js'

const APP_ORIGIN = 'https://shop.example.org'
const WEB_ORIGIN = 'http://localhost:5173'

describe.each(['pglite', 'postgres'] as const)('provider routes on %s', (kind) => {
  let t: ProviderTestApp
  let project: ProjectView
  let quiet: ProjectView
  let skip = ''

  beforeAll(async () => {
    const opened = await openTestApp(kind, { LATCH_WEB_ORIGINS: WEB_ORIGIN })
    if ('unavailable' in opened) {
      skip = opened.unavailable
      return
    }
    t = opened
    project = await createProject(t.app.db, {
      name: 'Shop',
      origins: [APP_ORIGIN, 'https://*.preview.example.org'],
      analyticsEnabled: true,
    })
    quiet = await createProject(t.app.db, {
      name: 'Quiet',
      origins: [APP_ORIGIN],
      features: { multiWallet: true, email: false, socials: ['google', 'github'], swaps: false },
    })
  })
  afterAll(async () => {
    await t?.close()
  })

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers })

  test('database is available', () => {
    expect(skip).toBe('')
  })

  describe('origins', () => {
    test('answers the allow-list', async () => {
      const res = await get(`/projects/v1/origins?projectId=${project.id}&st=appkit&sv=x`)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({
        allowedOrigins: [APP_ORIGIN, 'https://*.preview.example.org'],
      })
    })

    test('an unknown or malformed project id is INVALID_PROJECT_ID, readable cross-origin', async () => {
      for (const id of ['0123456789abcdef0123456789abcdef', 'not a valid id!']) {
        const res = await get(`/projects/v1/origins?projectId=${encodeURIComponent(id)}`, {
          origin: APP_ORIGIN,
        })
        expect(res.statusCode).toBe(403)
        expect(res.json()).toEqual({
          error: {
            code: 'INVALID_PROJECT_ID',
            message: 'Invalid project id',
            requestId: expect.any(String),
          },
        })
        expect(res.headers['access-control-allow-origin']).toBe(APP_ORIGIN)
      }
    })

    test('a missing project id is a validation error', async () => {
      const res = await get('/projects/v1/origins')
      expect(res.statusCode).toBe(400)
      expect(res.json().error.code).toBe('VALIDATION_ERROR')
    })

    test('any page may read the list, so it can tell the user its origin is not allowed', async () => {
      const res = await get(`/projects/v1/origins?projectId=${project.id}`, {
        origin: 'https://evil.example.com',
      })
      expect(res.statusCode).toBe(200)
      expect(res.headers['access-control-allow-origin']).toBe('https://evil.example.com')
    })
  })

  describe('per-project CORS on project-scoped routes', () => {
    test('an allowed origin (exact or wildcard) gets the data and the CORS header', async () => {
      for (const origin of [APP_ORIGIN, 'https://pr-7.preview.example.org']) {
        const res = await get(`/appkit/v1/config?projectId=${project.id}`, { origin })
        expect(res.statusCode).toBe(200)
        expect(res.headers['access-control-allow-origin']).toBe(origin)
        expect(res.headers.vary).toContain('Origin')
      }
    })

    test('another origin is refused, even one the app-wide CORS list allows', async () => {
      for (const origin of [
        'https://evil.example.com',
        WEB_ORIGIN,
        'https://preview.example.org',
      ]) {
        for (const path of ['/appkit/v1/config', '/getAnalyticsConfig', '/getWallets']) {
          const res = await get(`${path}?projectId=${project.id}`, { origin })
          expect(res.statusCode, `${path} from ${origin}`).toBe(403)
          expect(res.json().error.code).toBe('ORIGIN_NOT_ALLOWED')
          expect(res.body).not.toContain('features')
        }
      }
    })

    test('requests without an Origin (servers, curl) are served', async () => {
      const res = await get(`/getAnalyticsConfig?projectId=${project.id}`)
      expect(res.statusCode).toBe(200)
      expect(res.headers['access-control-allow-origin']).toBeUndefined()
    })

    test('preflight for POST /e: allowed origin gets 204, others 403 without CORS headers', async () => {
      const ok = await t.app.inject({
        method: 'OPTIONS',
        url: `/e?projectId=${project.id}`,
        headers: { origin: APP_ORIGIN, 'access-control-request-method': 'POST' },
      })
      expect(ok.statusCode).toBe(204)
      expect(ok.headers['access-control-allow-origin']).toBe(APP_ORIGIN)
      expect(ok.headers['access-control-allow-methods']).toBe('POST')
      const refused = await t.app.inject({
        method: 'OPTIONS',
        url: `/e?projectId=${project.id}`,
        headers: { origin: WEB_ORIGIN, 'access-control-request-method': 'POST' },
      })
      expect(refused.statusCode).toBe(403)
      expect(refused.headers['access-control-allow-origin']).toBeUndefined()
    })
  })

  describe('remote config and analytics config', () => {
    test('the defaults of docs/behaviour.md#limits, as far as this server serves them', async () => {
      // No SMTP, no OAuth, no swap or on-ramp provider here: the project enables them all, and
      // none is advertised, so no client shows a button that cannot work.
      const res = await get(`/appkit/v1/config?projectId=${project.id}`)
      expect(res.json()).toEqual({
        features: [
          { id: 'social_login', isEnabled: false, config: [] },
          { id: 'swap', isEnabled: false, config: [] },
          { id: 'onramp', isEnabled: false, config: [] },
          { id: 'activity', isEnabled: true, config: [] },
          { id: 'reown_branding', isEnabled: true, config: [] },
          { id: 'multi_wallet', isEnabled: false, config: [] },
        ],
      })
    })

    test("a project's own flags", async () => {
      const res = await get(`/appkit/v1/config?projectId=${quiet.id}`)
      const features = res.json().features as { id: string; isEnabled: boolean; config: string[] }[]
      const byId = Object.fromEntries(features.map((f) => [f.id, f]))
      // Its social providers have no OAuth client on this server: not advertised.
      expect(byId.social_login).toEqual({ id: 'social_login', isEnabled: false, config: [] })
      expect(byId.swap).toEqual({ id: 'swap', isEnabled: false, config: [] })
      expect(byId.multi_wallet?.isEnabled).toBe(true)
    })

    test('isAnalyticsEnabled follows the project', async () => {
      expect((await get(`/getAnalyticsConfig?projectId=${project.id}`)).json()).toEqual({
        isAnalyticsEnabled: true,
      })
      expect((await get(`/getAnalyticsConfig?projectId=${quiet.id}`)).json()).toEqual({
        isAnalyticsEnabled: false,
      })
    })
  })

  describe('wallet catalogue', () => {
    type Page = {
      data: { id: string; name: string; chains: string[]; image_id: string }[]
      count: number
    }
    const wallets = async (query: string): Promise<Page> => {
      const res = await get(`/getWallets?projectId=${project.id}&${query}`)
      expect(res.statusCode, res.body).toBe(200)
      return res.json()
    }

    test('pages of 40 over the whole curated dataset, in order', async () => {
      const first = await wallets('page=1&entries=40')
      expect(first.count).toBe(curatedWallets.length)
      expect(first.count).toBeGreaterThanOrEqual(60)
      expect(first.data).toHaveLength(40)
      expect(first.data.slice(0, 4).map((w) => w.id)).toEqual([
        'metamask',
        'trust',
        'coinbase',
        'rainbow',
      ])
      const second = await wallets('page=2&entries=40')
      expect(second.data).toHaveLength(curatedWallets.length - 40)
      const ids = [...first.data, ...second.data].map((w) => w.id)
      expect(new Set(ids).size).toBe(curatedWallets.length)
    })

    test('entries carry the reference fields', async () => {
      const { data } = await wallets('include=metamask')
      expect(data).toEqual([
        expect.objectContaining({
          id: 'metamask',
          name: 'MetaMask',
          image_id: 'metamask',
          rdns: 'io.metamask',
          chains: expect.arrayContaining(['eip155:1']),
          mobile_link: 'metamask://',
          desktop_link: null,
          webapp_link: null,
        }),
      ])
    })

    test('include, exclude, search, chains and badge_type', async () => {
      expect((await wallets('include=phantom,solflare,nope')).data.map((w) => w.id).sort()).toEqual(
        ['phantom', 'solflare'],
      )
      const excluded = await wallets('exclude=metamask,trust&entries=500')
      expect(excluded.count).toBe(curatedWallets.length - 2)
      expect(excluded.data.map((w) => w.id)).not.toContain('metamask')
      expect((await wallets('search=mask')).data.map((w) => w.id)).toEqual(['metamask'])
      // Pattern characters are literal.
      expect((await wallets('search=%25')).count).toBe(0)
      expect((await wallets('search=_')).count).toBe(0)
      const solana = await wallets('chains=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp&entries=500')
      expect(solana.data.every((w) => w.chains.some((c) => c.startsWith('solana:')))).toBe(true)
      expect(solana.data.map((w) => w.id)).toContain('phantom')
      expect(solana.data.map((w) => w.id)).not.toContain('metamask')
      // The dev chain is listed by no wallet, yet every EVM wallet can add it.
      const dev = await wallets('chains=eip155:31337&entries=500')
      expect(dev.data.map((w) => w.id)).toContain('metamask')
      expect(dev.data.map((w) => w.id)).not.toContain('xverse')
      expect((await wallets('badge_type=certified')).count).toBe(0)
      expect((await wallets('badge_type=none')).count).toBe(curatedWallets.length)
    })

    test('out-of-range paging is a validation error, past-the-end an empty page', async () => {
      for (const q of ['page=0', 'entries=0', 'entries=501', 'page=abc', 'badge_type=gold']) {
        const res = await get(`/getWallets?projectId=${project.id}&${q}`)
        expect(res.statusCode, q).toBe(400)
      }
      const past = await wallets('page=99')
      expect(past).toEqual({ data: [], count: curatedWallets.length })
    })
  })

  describe('images', () => {
    test('wallet image: SVG, long cache, ETag and 304', async () => {
      const res = await get('/getWalletImage/metamask', { origin: 'https://anywhere.example' })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8')
      expect(res.headers['cache-control']).toBe(IMAGE_CACHE_CONTROL)
      expect(res.headers['access-control-allow-origin']).toBe('*')
      expect(res.body).toMatch(/^<svg [^>]*>.*>MM<\/text><\/svg>$/)
      const etag = res.headers.etag as string
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/)
      const again = await get('/getWalletImage/metamask', { 'if-none-match': etag })
      expect(again.statusCode).toBe(304)
      expect(again.body).toBe('')
      const weak = await get('/getWalletImage/metamask', { 'if-none-match': `"x", W/${etag}` })
      expect(weak.statusCode).toBe(304)
      const other = await get('/getWalletImage/trust', { 'if-none-match': etag })
      expect(other.statusCode).toBe(200)
      expect(other.headers.etag).not.toBe(etag)
    })

    test('asset, currency and token images', async () => {
      for (const path of [
        '/public/getAssetImage/ethereum',
        '/public/getAssetImage/solana',
        '/public/getCurrencyImage/USD',
        '/public/getCurrencyImage/eur',
        '/public/getTokenImage/USDC',
        '/public/getTokenImage/eth',
        // The reference client's fixed ids: WalletConnect, injected, Coinbase, Base Account, Base.
        '/public/getAssetImage/ef1a1fcf-7fe8-4d69-bd6d-fda1345b4400',
        '/public/getAssetImage/07ba87ed-43aa-4adf-4540-9e6a2b9cae00',
        '/public/getAssetImage/0c2840c3-5b04-4c44-9661-fbd4b49e1800',
        '/public/getAssetImage/bba2c8be-7fd1-463e-42b1-796ecb0ad200',
        '/public/getAssetImage/7289c336-3981-4081-c5f4-efc26ac64a00',
      ]) {
        const res = await get(path)
        expect(res.statusCode, path).toBe(200)
        expect(res.headers['content-type']).toContain('image/svg+xml')
        expect(res.headers.etag).toBeTruthy()
      }
    })

    test('unknown ids get a 404 JSON, not a broken image', async () => {
      for (const path of [
        '/getWalletImage/no-such-wallet',
        '/public/getAssetImage/constructor',
        '/public/getAssetImage/__proto__',
        '/public/getAssetImage/00000000-0000-0000-0000-000000000000',
        '/public/getCurrencyImage/XYZ',
        '/public/getTokenImage/NOPE',
      ]) {
        const res = await get(path)
        expect(res.statusCode, path).toBe(404)
        expect(res.headers['content-type']).toContain('application/json')
        expect(res.json().error.code).toBe('IMAGE_NOT_FOUND')
      }
    })
  })
})
