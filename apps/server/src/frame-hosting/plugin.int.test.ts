import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { projects } from '../db/schema/projects.js'
import { createProject, type ProjectView } from '../provider-services/projects.js'
import { openTestApp, type ProviderTestApp } from '../provider-services/testing.js'

const FRAME_HOST = 'wallet.example.test'
const API_URL = 'https://api.example.test'
const SHOP = 'https://shop.example.org'
const ATTACKER = 'https://evil.example.net'
const INDEX =
  '<!doctype html><title>Latch frame fixture</title><script type="module" src="/assets/main-1a2b.js"></script>'
const SECRET = 'outside-the-build'

function ancestorsOf(csp: unknown): string | undefined {
  return /frame-ancestors ([^;]*)/.exec(String(csp))?.[1]
}

// A fixture stands in for `vite build` output (index.html + a hashed asset): the headers and the
// file serving are what is tested, not the frame's bundle.
describe('frame hosting (LATCH_FRAME_DIR) on pglite', () => {
  let base: string
  let t: ProviderTestApp
  let shop: ProjectView
  let wildcardOnly: { id: string }
  let mixed: { id: string }

  beforeAll(async () => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'latch-frame-hosting-'))
    const dir = path.join(base, 'app')
    fs.mkdirSync(path.join(dir, 'assets'), { recursive: true })
    fs.writeFileSync(path.join(dir, 'index.html'), INDEX)
    fs.writeFileSync(path.join(dir, 'assets', 'main-1a2b.js'), 'console.log(1)')
    fs.writeFileSync(path.join(base, 'secret.txt'), SECRET)
    const opened = await openTestApp('pglite', {
      LATCH_FRAME_DIR: dir,
      LATCH_FRAME_ORIGINS: `https://${FRAME_HOST}`,
      LATCH_PUBLIC_URL: API_URL,
    })
    if ('unavailable' in opened) throw new Error(opened.unavailable)
    t = opened
    shop = await createProject(t.app.db, {
      name: 'Shop',
      origins: [SHOP, 'https://*.preview.example.org'],
    })
    // Rows from before `*` was refused on save (provider/allow-list.ts): written directly.
    const oldRow = async (name: string, allowedOrigins: string[]) =>
      (await t.app.db.insert(projects).values({ id: name, name, allowedOrigins }).returning())[0]!
    wildcardOnly = await oldRow('careless', ['*'])
    mixed = await oldRow('mixed', ['*', SHOP])
  })
  afterAll(async () => {
    await t?.close()
    if (base) fs.rmSync(base, { recursive: true, force: true })
  })

  const onFrame = (url: string) =>
    t.app.inject({ method: 'GET', url, headers: { host: FRAME_HOST } })

  test("an allowed project's frame carries the CSP, its allow-list as frame-ancestors and the hardening headers", async () => {
    const res = await onFrame(`/?projectId=${shop.id}&chainId=1&version=1&enableLogger=false`)
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe(INDEX)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    const csp = String(res.headers['content-security-policy'])
    expect(ancestorsOf(csp)).toBe(`${SHOP} https://*.preview.example.org`)
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain(`connect-src ${API_URL};`)
    expect(csp).not.toContain('unsafe-inline')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['referrer-policy']).toBe('no-referrer')
    expect(res.headers['permissions-policy']).toContain('camera=()')
    // Headers depend on the project: no cache may hand one project's answer to another.
    expect(res.headers['cache-control']).toBe('no-store')
    const named = await onFrame(`/index.html?projectId=${shop.id}`)
    expect(named.statusCode).toBe(200)
    expect(ancestorsOf(named.headers['content-security-policy'])).toBe(
      `${SHOP} https://*.preview.example.org`,
    )
  })

  test('HEAD answers the same headers without a body', async () => {
    const res = await t.app.inject({
      method: 'HEAD',
      url: `/?projectId=${shop.id}`,
      headers: { host: FRAME_HOST },
    })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('')
    expect(ancestorsOf(res.headers['content-security-policy'])).toBe(
      `${SHOP} https://*.preview.example.org`,
    )
  })

  test('assets are served with their type, nosniff and a long cache', async () => {
    const res = await onFrame('/assets/main-1a2b.js')
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('console.log(1)')
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  test('an unknown or missing project gets no frame', async () => {
    for (const url of [
      '/?projectId=0123456789abcdef0123456789abcdef',
      '/?projectId=not%20an%20id',
      '/',
      '/index.html',
    ]) {
      const res = await onFrame(url)
      expect(res.statusCode, url).toBe(403)
      expect(res.json(), url).toEqual({
        error: {
          code: 'INVALID_PROJECT_ID',
          message: 'Invalid project id',
          requestId: expect.any(String),
        },
      })
      expect(res.body).not.toContain('Latch frame fixture')
    }
  })

  test("attacker: a project listing only '*' cannot be embedded by any site", async () => {
    const res = await onFrame(`/?projectId=${wildcardOnly.id}`)
    expect(res.statusCode).toBe(200)
    const ancestors = ancestorsOf(res.headers['content-security-policy'])
    expect(ancestors).toBe("'none'")
    expect(ancestors).not.toContain(ATTACKER)
    const mixedRes = await onFrame(`/?projectId=${mixed.id}`)
    const mixedAncestors = ancestorsOf(mixedRes.headers['content-security-policy'])
    expect(mixedAncestors).toBe(SHOP)
    expect(mixedAncestors).not.toContain('*')
  })

  test('attacker: paths that leave the build are refused', async () => {
    for (const url of [
      '/../secret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/assets/..%5c..%5csecret.txt',
      `/%2e%2e/secret.txt?projectId=${shop.id}`,
    ]) {
      const res = await onFrame(url)
      expect(res.statusCode, url).toBe(404)
      expect(res.body, url).not.toContain(SECRET)
    }
  })

  test('on the frame host nothing but the frame answers; on the API host no frame is served', async () => {
    for (const url of ['/healthz', `/projects/v1/origins?projectId=${shop.id}`, '/docs/json']) {
      const res = await onFrame(url)
      expect(res.statusCode, url).toBe(404)
    }
    const api = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { host: 'api.example.test' } })
    expect((await api(`/projects/v1/origins?projectId=${shop.id}`)).statusCode).toBe(200)
    const openapi = await api('/docs/json')
    expect(openapi.statusCode).toBe(200)
    expect(Object.keys(openapi.json().paths)).toContain('/{*}')
    const frameOnApi = await api(`/?projectId=${shop.id}`)
    expect(frameOnApi.statusCode).toBe(404)
    expect(frameOnApi.body).not.toContain('Latch frame fixture')
  })
})
