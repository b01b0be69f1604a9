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

  test('every documented route declares its input and a schema for each answer', async () => {
    const doc = (await t.app.inject({ url: '/docs/json' })).json() as OpenApiDocument
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    )
    // The auth, history and RPC routes are there, not only the provider ones.
    const names = operations.map(({ method, path }) => `${method.toUpperCase()} ${path}`)
    for (const name of [
      'GET /healthz',
      'GET /v1/supported-chains',
      'GET /v1/account/{address}/history',
      'GET /v1/account/{address}/balance',
      'GET /v1/identity/{address}',
      'GET /appkit/v1/project-limits',
      'POST /batch',
      'POST /v1/',
      'GET /auth/v1/frame/origin',
      'POST /auth/v1/email/start',
      'POST /auth/v1/email/device',
      'POST /auth/v1/email/verify',
      'POST /auth/v1/email/update',
      'POST /auth/v1/email/update/primary',
      'POST /auth/v1/email/update/secondary',
      'GET /auth/v1/session',
      'POST /auth/v1/sign-out',
      'POST /auth/v1/wallet',
      'GET /auth/v1/wallet/auth-share',
      'POST /auth/v1/wallet/recover',
    ])
      expect(names).toContain(name)

    for (const { path, method, operation } of operations) {
      const name = `${method.toUpperCase()} ${path}`
      const answers = Object.entries(operation.responses)
      const success = answers.filter(([status]) => status.startsWith('2'))
      expect(success.length, `${name} documents a success answer`).toBeGreaterThan(0)
      for (const [status, answer] of answers) {
        // These two answers have no body by definition.
        if (status === '204' || status === '304') continue
        const schemas = Object.values(answer.content ?? {}).map((media) => media.schema)
        expect(schemas.length, `${name} ${status} has a body schema`).toBeGreaterThan(0)
        for (const schema of schemas) expect(schema, `${name} ${status}`).toBeTypeOf('object')
      }
      // Every path parameter is declared.
      for (const [, param] of path.matchAll(/\{(\w+)\}/g))
        expect(
          operation.parameters?.some((p) => p.in === 'path' && p.name === param),
          `${name} declares {${param}}`,
        ).toBe(true)
      if (method === 'post') expect(operation.requestBody, `${name} body`).toBeDefined()
    }
  })

  test('auth and history schemas carry their fields', async () => {
    const doc = (await t.app.inject({ url: '/docs/json' })).json() as OpenApiDocument
    const bodyOf = (path: string) =>
      doc.paths[path]!.post!.requestBody!.content!['application/json']!.schema
    const answerOf = (path: string, method: string, status = '200') =>
      doc.paths[path]![method]!.responses[status]!.content!['application/json']!.schema
    expect(bodyOf('/auth/v1/email/verify').required.sort()).toEqual(
      ['deviceId', 'email', 'otp', 'projectId'].sort(),
    )
    expect(Object.keys(answerOf('/auth/v1/email/verify', 'post').properties).sort()).toEqual([
      'expiresAt',
      'token',
      'user',
    ])
    expect(Object.keys(answerOf('/auth/v1/wallet', 'post', '201').properties).sort()).toEqual([
      'evmAddress',
      'solanaAddress',
    ])
    const history = doc.paths['/v1/account/{address}/history']!.get!
    expect(history.parameters!.map((p) => `${p.in}:${p.name}`).sort()).toEqual(
      [
        'path:address',
        'query:chainId',
        'query:cursor',
        'query:limit',
        'query:projectId',
        'query:st',
        'query:sv',
      ].sort(),
    )
    const page = answerOf('/v1/account/{address}/history', 'get')
    expect(Object.keys(page.properties).sort()).toEqual(['data', 'next'])
    const transaction = page.properties.data.items
    expect(Object.keys(transaction.properties).sort()).toEqual(['id', 'metadata', 'transfers'])
    expect(Object.keys(history.responses).sort()).toEqual(['200', '400', '403', '429', '502'])
  })
})

interface JsonSchema {
  // biome-ignore lint/suspicious/noExplicitAny: walking a JSON document
  [key: string]: any
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string }[]
        requestBody?: { content?: Record<string, { schema: JsonSchema }> }
        responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>
      }
    >
  >
}
