import { and, count, eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { projects } from '../db/schema/projects.js'
import { analyticsEvents, catalogueWallets, errorReports } from '../db/schema/provider.js'
import { curatedWallets } from './catalogue/dataset.js'
import { createProject, type ProjectView } from './projects.js'
import { openTestApp, type ProviderTestApp } from './testing.js'

const RUNS = Number(process.env.LATCH_FUZZ_RUNS) || 120
const ORIGIN = 'https://shop.example'

// Strings with the characters that break naive servers: NUL, lone surrogates, %, _, commas.
const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    '\u0000',
    '\ud800',
    '%',
    '_',
    ',',
    ',,',
    '\\',
    '../',
    '%00',
    'a'.repeat(5000),
  ),
)
const maybe = <value>(arb: fc.Arbitrary<value>) => fc.option(arb, { nil: undefined })

/** A query string as a browser would send it; undefined values are left out. */
function query(values: Record<string, string | undefined>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(values)) if (value !== undefined) params.set(key, value)
  return params.toString()
}

function encodable(value: string): string | null {
  try {
    return encodeURIComponent(value)
  } catch {
    return null
  }
}

describe.each(['pglite', 'postgres'] as const)('property: provider routes on %s', (kind) => {
  let t: ProviderTestApp
  let project: ProjectView
  let skip = ''
  let ip = 0

  beforeAll(async () => {
    const opened = await openTestApp(kind)
    if ('unavailable' in opened) {
      skip = opened.unavailable
      return
    }
    t = opened
    project = await createProject(t.app.db, {
      name: 'Fuzz',
      origins: [ORIGIN],
      analyticsEnabled: true,
    })
  })
  afterAll(async () => {
    await t?.close()
  })

  const projectIdArb = () => fc.oneof(fc.constant(project.id), nasty)
  const counts = async () => {
    const [[e], [a], [c], [p]] = await Promise.all([
      t.app.db.select({ n: count() }).from(errorReports),
      t.app.db.select({ n: count() }).from(analyticsEvents),
      t.app.db.select({ n: count() }).from(catalogueWallets),
      t.app.db.select({ n: count() }).from(projects),
    ])
    return { errors: e!.n, events: a!.n, wallets: c!.n, projects: p!.n }
  }

  test('database is available', () => {
    expect(skip).toBe('')
  })

  test('GET routes: never 5xx, never write', async () => {
    const before = await counts()
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/projects/v1/origins', '/appkit/v1/config', '/getAnalyticsConfig'),
        maybe(projectIdArb()),
        maybe(nasty),
        maybe(nasty),
        maybe(fc.constantFrom(ORIGIN, 'https://evil.example', 'null', '\u0000')),
        async (path, projectId, st, sv, origin) => {
          const res = await t.app.inject({
            url: `${path}?${query({ projectId, st, sv })}`,
            headers: origin ? { origin } : {},
          })
          expect(res.statusCode, res.body).toBeLessThan(500)
          if (res.statusCode === 200) expect(projectId).toBe(project.id)
        },
      ),
      { numRuns: RUNS },
    )
    expect(await counts()).toEqual(before)
  })

  test('OPTIONS /e (preflight): 204 only for the allowed origin, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        maybe(projectIdArb()),
        maybe(fc.oneof(fc.constantFrom(ORIGIN, 'https://evil.example', 'null'), nasty)),
        async (projectId, origin) => {
          // Only printable ASCII can travel in a header.
          const sent = origin !== undefined && /^[\x20-\x7e]+$/.test(origin) ? origin : undefined
          const res = await t.app.inject({
            method: 'OPTIONS',
            url: `/e?${query({ projectId })}`,
            headers: {
              'access-control-request-method': 'POST',
              ...(sent ? { origin: sent } : {}),
            },
          })
          expect(res.statusCode, res.body).toBeLessThan(500)
          expect(res.statusCode === 204).toBe(projectId === project.id && sent === ORIGIN)
        },
      ),
      { numRuns: RUNS },
    )
  })

  test('GET /getWallets: never 5xx; a 200 is a well-formed page within the asked size', async () => {
    const ids = curatedWallets.map((w) => w.id)
    const idList = fc
      .array(fc.oneof(fc.constantFrom(...ids), nasty), { maxLength: 6 })
      .map((l) => l.join(','))
    const numberish = fc.oneof(fc.integer({ min: -3, max: 20_000 }).map(String), nasty)
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          page: maybe(numberish),
          entries: maybe(numberish),
          include: maybe(idList),
          exclude: maybe(idList),
          chains: maybe(
            fc
              .array(
                fc.oneof(
                  fc.constantFrom(
                    'eip155:1',
                    'eip155:31337',
                    'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
                    'bip122:x',
                  ),
                  nasty,
                ),
                { maxLength: 4 },
              )
              .map((l) => l.join(',')),
          ),
          search: maybe(nasty),
          badge_type: maybe(fc.oneof(fc.constantFrom('none', 'certified'), nasty)),
        }),
        async (q) => {
          const res = await t.app.inject({
            url: `/getWallets?${query({ projectId: project.id, ...q })}`,
          })
          expect(res.statusCode, res.body).toBeLessThan(500)
          if (res.statusCode !== 200) return
          const body = res.json() as { data: { id: string }[]; count: number }
          expect(body.count).toBeGreaterThanOrEqual(0)
          expect(body.count).toBeLessThanOrEqual(curatedWallets.length)
          expect(body.data.length).toBeLessThanOrEqual(Number(q.entries ?? 40))
          expect(new Set(body.data.map((w) => w.id)).size).toBe(body.data.length)
          const included = q.include?.split(',').filter(Boolean)
          if (included?.length) for (const w of body.data) expect(included).toContain(w.id)
        },
      ),
      { numRuns: RUNS },
    )
  })

  test('image routes: an SVG or a JSON 404, never 5xx', async () => {
    const ids = curatedWallets.map((w) => w.id)
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/getWalletImage/',
          '/public/getAssetImage/',
          '/public/getCurrencyImage/',
          '/public/getTokenImage/',
        ),
        fc.oneof(
          fc.constantFrom(...ids, 'ethereum', 'USD', 'ETH', '__proto__', 'constructor'),
          nasty,
        ),
        async (prefix, id) => {
          const encoded = encodable(id)
          fc.pre(encoded !== null && encoded.length > 0)
          const res = await t.app.inject({ url: `${prefix}${encoded}` })
          expect(res.statusCode, `${prefix}${id}: ${res.body}`).toBeLessThan(500)
          if (res.statusCode === 200) expect(res.headers['content-type']).toContain('image/svg+xml')
          else expect(res.headers['content-type']).toContain('application/json')
        },
      ),
      { numRuns: RUNS },
    )
  })

  test('POST /e: never 5xx; what is stored is exactly what was sent, nothing else', async () => {
    // Mostly valid values with a fair share of hostile ones, so both the storing and the
    // refusing paths run.
    const mostly = <value>(good: fc.Arbitrary<value>) =>
      fc.oneof({ arbitrary: good, weight: 6 }, { arbitrary: nasty, weight: 1 })
    const now = Date.now()
    const timestamp = fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: Date.UTC(2020, 0, 1), max: now }) },
      {
        weight: 2,
        arbitrary: fc
          .date({ min: new Date('2020-01-01'), max: new Date(now), noInvalidDate: true })
          .map((d) => d.toISOString()),
      },
      {
        weight: 1,
        arbitrary: fc
          .date({ min: new Date('1970-01-01'), max: new Date('2200-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString()),
      },
      {
        weight: 1,
        arbitrary: fc.integer({ min: Date.UTC(2019, 0, 1), max: Date.UTC(2027, 0, 1) }),
      },
      { weight: 1, arbitrary: nasty },
      { weight: 1, arbitrary: fc.double() },
    )
    const text = fc.string({ unit: 'grapheme', maxLength: 60 })
    const errorProps = fc.record(
      {
        type: mostly(fc.constant('error')),
        event: mostly(fc.constantFrom('INTERNAL_SDK_ERROR', 'API_ERROR')),
        errorType: mostly(fc.constantFrom('Error', 'LatchError', 'TypeError')),
        errorMessage: mostly(text),
        stackTrace: mostly(text),
      },
      { requiredKeys: ['type', 'event', 'errorType', 'errorMessage'] },
    )
    const trackProps = fc.record(
      {
        type: fc.constant('track'),
        event: mostly(
          fc.constantFrom('CONNECT_SUCCESS', 'SWITCH_NETWORK', 'LOAD_MORE_TRANSACTIONS'),
        ),
        address: mostly(fc.constantFrom('0xabc', '0x0000000000000000000000000000000000000001')),
        properties: fc.oneof(
          {
            arbitrary: fc.dictionary(text, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }),
            weight: 5,
          },
          { arbitrary: fc.dictionary(nasty, fc.jsonValue(), { maxKeys: 3 }), weight: 1 },
          { arbitrary: fc.jsonValue(), weight: 1 },
        ),
      },
      { requiredKeys: ['type', 'event'] },
    )
    const body = fc.oneof(
      {
        weight: 8,
        arbitrary: fc.record(
          {
            eventId: mostly(fc.uuid()),
            url: mostly(fc.webUrl()),
            domain: mostly(fc.domain()),
            timestamp,
            props: fc.oneof(
              { arbitrary: errorProps, weight: 3 },
              { arbitrary: trackProps, weight: 3 },
              { arbitrary: fc.anything(), weight: 1 },
            ),
          },
          { requiredKeys: ['eventId', 'url', 'domain', 'props'] },
        ),
      },
      { weight: 1, arbitrary: fc.anything() },
    )
    let stored = 0
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const before = await counts()
        const res = await t.app.inject({
          method: 'POST',
          url: `/e?${query({ projectId: project.id, st: 'fuzz', sv: '1' })}`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(payload) ?? 'null',
          remoteAddress: `10.1.${Math.floor(++ip / 250) % 250}.${ip % 250}`,
        })
        expect(res.statusCode, res.body).toBeLessThan(500)
        const after = await counts()
        const added = after.errors - before.errors + (after.events - before.events)
        if (res.statusCode !== 202 || !res.json().stored) {
          expect(added).toBe(0)
          return
        }
        expect(added).toBe(1)
        stored++
        const sent = payload as {
          eventId: string
          url: string
          domain: string
          timestamp: number | string
          props: Record<string, unknown>
        }
        const table = sent.props.type === 'error' ? errorReports : analyticsEvents
        const [row] = await t.app.db
          .select()
          .from(table)
          .where(and(eq(table.projectId, project.id), eq(table.eventId, sent.eventId)))
        expect(row).toMatchObject({ url: sent.url, domain: sent.domain, event: sent.props.event })
        expect(row!.clientTimestamp.getTime()).toBe(new Date(sent.timestamp).getTime())
        if ('errorMessage' in row!) {
          expect(row.errorType).toBe(sent.props.errorType)
          expect(row.errorMessage).toBe(sent.props.errorMessage)
          expect(row.stackTrace).toBe(sent.props.stackTrace ?? null)
        } else {
          const r = row as typeof analyticsEvents.$inferSelect
          expect(r.address).toBe(sent.props.address ?? null)
          expect(r.properties).toEqual(
            sent.props.properties === undefined
              ? null
              : JSON.parse(JSON.stringify(sent.props.properties)),
          )
        }
      }),
      { numRuns: RUNS * 2 },
    )
    // The property must have exercised the storing path, not only refusals.
    expect(stored).toBeGreaterThanOrEqual(5)
  })
})
