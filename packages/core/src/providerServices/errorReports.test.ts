import { describe, expect, test } from 'vitest'
import { createApiClient } from '../api/client.js'
import { json, recordingFetch } from '../api/testing.js'
import { LatchError } from '../errors/base.js'
import { createErrorReporting } from '../errors/reporter.js'
import { createErrorReportClient } from './errorReports.js'

function setup() {
  const server = recordingFetch(() => json({ stored: true }, 202))
  const api = createApiClient({
    baseUrl: 'http://latch.test',
    projectId: 'p1',
    fetch: server.fetch,
  })
  let time = Date.UTC(2026, 0, 1)
  const clock = { now: () => time, advance: (ms: number) => (time += ms) }
  return { server, api, clock }
}

describe('error report client', () => {
  test('at most 5 per 60 s; the window slides', async () => {
    const { server, api, clock } = setup()
    const client = createErrorReportClient({ api, now: clock.now })
    const sent: boolean[] = []
    for (let i = 0; i < 7; i++) {
      sent.push(await client.report(new Error(`e${i}`)))
      clock.advance(1_000)
    }
    expect(sent).toEqual([true, true, true, true, true, false, false])
    clock.advance(53_000) // now t = 60 s: only the first report (t = 0) has left the window
    expect(await client.report(new Error('later'))).toBe(true)
    expect(await client.report(new Error('still limited'))).toBe(false)
    expect(server.calls).toHaveLength(6)
  })

  test('reports in the reference shape with the error category', async () => {
    const { server, api, clock } = setup()
    const client = createErrorReportClient({ api, now: clock.now })
    await client.report(new LatchError('Chain adapter not found'))
    const body = JSON.parse(String(server.calls[0]!.init?.body))
    expect(body).toMatchObject({
      timestamp: new Date(clock.now()).toISOString(),
      props: {
        type: 'error',
        event: 'INTERNAL_SDK_ERROR',
        errorType: 'LatchError',
        errorMessage: 'Chain adapter not found',
        stackTrace: expect.stringContaining('Chain adapter not found'),
      },
    })
  })

  test('on by default; switched off it sends nothing', async () => {
    const { server, api } = setup()
    const client = createErrorReportClient({ api })
    expect(client.isEnabled()).toBe(true)
    client.setEnabled(false)
    expect(await client.report(new Error('x'))).toBe(false)
    expect(createErrorReportClient({ api, enabled: false }).isEnabled()).toBe(false)
    expect(server.calls).toHaveLength(0)
  })

  test('a failing server never throws into the app', async () => {
    const api = createApiClient({
      baseUrl: 'http://latch.test',
      projectId: 'p1',
      fetch: (async () => json({}, 500)) as typeof fetch,
    })
    expect(await createErrorReportClient({ api }).report(new Error('x'))).toBe(false)
  })

  test("plugs into a controller's error reporting: library errors are reported once and returned", async () => {
    const { server, api } = setup()
    const client = createErrorReportClient({ api })
    const reporting = createErrorReporting(client.reporter)
    const error = reporting.report(new Error('Unsupported chain namespace: foo'))
    expect(error).toBeInstanceOf(LatchError)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(server.calls).toHaveLength(1)
  })
})
