import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { TEST_MNEMONIC } from '../devchain/anvil.js'
import { waitFor } from '../stack/wait.js'
import {
  createProject,
  frameCall,
  postFrom,
  sendTransfers,
  siwxAccount,
  siwxNonce,
  siwxSession,
  siwxVerify,
} from './calls.js'
import { type LoadRequest, percentile, startLoad } from './load.js'
import { parseAccessLine } from './nginx.js'
import { APP_ORIGIN, type ProductionStack, startProductionStack } from './stack.js'

// The recipe of docs/deployment.md#the-tested-topology, run whole: two API servers and one
// indexer on Postgres and Redis, behind nginx. Skips, saying why, without Postgres, Redis or nginx.

let stack: ProductionStack | undefined
let projectId = ''
const receiver = mnemonicToAccount(TEST_MNEMONIC, { addressIndex: 1 }).address
const TRANSFERS = 3
// Starting four Node processes from sources is slow on a busy machine.
const SLOW = 300_000

beforeAll(async () => {
  const started = Date.now()
  const outcome = await startProductionStack()
  if ('unavailable' in outcome) {
    console.warn(`Skipping the production topology test: ${outcome.unavailable}`)
    return
  }
  stack = outcome
  console.log(
    `[measure] production stack up (frame: ${stack.frameSource}): ${Date.now() - started} ms`,
  )
  projectId = await createProject(stack.proxyUrl, stack.adminToken, 'production')
}, SLOW)
afterAll(async () => {
  await stack?.stop()
}, SLOW)

const historyUrl = (base: string, project: string) =>
  `${base}/v1/account/${receiver}/history?projectId=${project}&chainId=eip155:31337&limit=10`

async function historyLength(base: string): Promise<number> {
  const response = await fetch(historyUrl(base, projectId), { headers: { origin: APP_ORIGIN } })
  if (!response.ok) return -1
  return ((await response.json()) as { data: unknown[] }).data.length
}

describe('the production topology', () => {
  test('nginx serves the API on one port and the secure frame on its own', async (ctx) => {
    if (!stack) return ctx.skip()
    const health = await fetch(`${stack.proxyUrl}/healthz`)
    expect(health.status).toBe(200)
    expect(await health.json()).toMatchObject({ database: { ok: true, kind: 'postgres' } })

    const frame = await fetch(`${stack.frameOrigin}/?projectId=${projectId}`)
    expect(frame.status).toBe(200)
    expect(frame.headers.get('content-type')).toContain('text/html')
    expect(frame.headers.get('content-security-policy')).toContain(`frame-ancestors ${APP_ORIGIN}`)
    // The frame's origin holds key shares: nothing of the API answers there, and no frame
    // document is served on the API's origin.
    expect((await fetch(`${stack.frameOrigin}/healthz`)).status).toBe(404)
    expect((await fetch(`${stack.proxyUrl}/index.html?projectId=${projectId}`)).status).toBe(404)
  })

  test('the one indexer process writes history that both API servers serve', async (ctx) => {
    if (!stack) return ctx.skip()
    expect(stack.indexer.stdout()).toContain('Latch indexer following chain 31337')
    await sendTransfers(stack.anvil.rpcUrl, receiver, TRANSFERS)
    await waitFor(
      'history through nginx',
      async () => (await historyLength(stack!.proxyUrl)) === TRANSFERS,
      {
        timeoutMs: 30_000,
        intervalMs: 200,
      },
    )
    for (const server of stack.servers) expect(await historyLength(server.url)).toBe(TRANSFERS)
  })

  test('a rate limit is one budget across both servers (Redis)', async (ctx) => {
    if (!stack) return ctx.skip()
    const limited = await createProject(stack.proxyUrl, stack.adminToken, 'limits')
    const [a, b] = stack.servers
    // POST /siwx/v1/nonce allows 30 a minute per client and project (siwx/plugin.ts): half on
    // each server spends it whole, and then neither server answers another.
    const statuses: number[] = []
    for (let i = 0; i < 30; i++)
      statuses.push((await siwxNonce((i % 2 === 0 ? a : b).url, limited)).status)
    expect(statuses).toEqual(Array(30).fill(201))
    expect((await siwxNonce(a.url, limited)).status).toBe(429)
    expect((await siwxNonce(b.url, limited)).status).toBe(429)
  })

  test('a visitor forging X-Forwarded-For through nginx still spends one budget', async (ctx) => {
    if (!stack) return ctx.skip()
    const project = await createProject(stack.proxyUrl, stack.adminToken, 'forgery')
    const nonceUrl = `${stack.proxyUrl}/siwx/v1/nonce?projectId=${project}`
    // The attacker writes a new address into every request: nginx appends the real one, and
    // LATCH_TRUST_PROXY=127.0.0.1 (nginx only) makes the server count that one.
    const statuses: number[] = []
    for (let i = 0; i < 31; i++) {
      const forged = { origin: APP_ORIGIN, 'x-forwarded-for': `203.0.113.${i}` }
      statuses.push((await postFrom('127.0.0.2', nonceUrl, forged, '{}')).status)
    }
    expect(statuses).toEqual([...Array(30).fill(201), 429])
    // Another visitor behind the same proxy has a budget of its own.
    expect((await postFrom('127.0.0.3', nonceUrl, { origin: APP_ORIGIN }, '{}')).status).toBe(201)
  })

  test('a wallet sign-in made on one server is a session on the other (bearer and cookie)', async (ctx) => {
    if (!stack) return ctx.skip()
    const [a, b] = stack.servers
    const nonce = ((await (await siwxNonce(a.url, projectId)).json()) as { nonce: string }).nonce
    const verified = await siwxVerify(b.url, projectId, nonce, 'bearer')
    expect(verified.status).toBe(201)
    const { token } = (await verified.json()) as { token: string }
    const onA = await siwxSession(a.url, projectId, { token })
    expect(onA.status).toBe(200)
    expect(await onA.json()).toMatchObject({
      session: { address: siwxAccount.address.toLowerCase() },
    })

    const cookieNonce = ((await (await siwxNonce(b.url, projectId)).json()) as { nonce: string })
      .nonce
    const withCookie = await siwxVerify(a.url, projectId, cookieNonce, 'cookie')
    expect(withCookie.status).toBe(201)
    const cookie = String(withCookie.headers.get('set-cookie')).split(';')[0]!
    expect(cookie).toMatch(/^latch_siwx=./)
    expect((await siwxSession(b.url, projectId, { cookie })).status).toBe(200)
    // A made-up token is refused on either: the session is the database's, not the process's.
    expect((await siwxSession(b.url, projectId, { token: `${token}x` })).status).toBe(401)
  })

  test('an email sign-in started on one server finishes on the other, and its session works on both', async (ctx) => {
    if (!stack) return ctx.skip()
    const [a, b] = stack.servers
    const email = 'ops@example.com'
    const deviceId = `device-${'0'.repeat(19)}1`
    const started = await frameCall(a.url, stack.frameOrigin, projectId, '/auth/v1/email/start', {
      body: { projectId, email, deviceId },
    })
    expect(await started.json()).toEqual({ action: 'VERIFY_OTP' })
    const mail = await stack.mailbox.waitFor(
      (m) => m.to.includes(email) && /\b\d{6}\b/.test(m.text),
    )
    const otp = /\b(\d{6})\b/.exec(mail.text)![1]!
    const verified = await frameCall(b.url, stack.frameOrigin, projectId, '/auth/v1/email/verify', {
      body: { projectId, email, deviceId, otp },
    })
    expect(verified.status).toBe(200)
    const { token } = (await verified.json()) as { token: string }
    for (const server of [a, b]) {
      const session = await frameCall(
        server.url,
        stack.frameOrigin,
        projectId,
        '/auth/v1/session',
        {
          token,
        },
      )
      expect(session.status).toBe(200)
      expect(await session.json()).toMatchObject({ email })
    }
  })

  test(
    'SIGKILL of one API server under load: no client request fails, and it rejoins',
    async (ctx) => {
      if (!stack) return ctx.skip()
      const s = stack
      // Light enough to leave the machine's cores to the restart, which the kill window is made of.
      const clients = 3
      const projects = await Promise.all(
        Array.from({ length: clients }, (_, i) =>
          createProject(s.proxyUrl, s.adminToken, `load ${i}`),
        ),
      )
      const headers = { origin: APP_ORIGIN }
      const load = startLoad({
        clients,
        intervalMs: 150,
        requestsOf: (i): LoadRequest[] => {
          const project = projects[i]!
          return [
            { name: 'history', send: () => fetch(historyUrl(s.proxyUrl, project), { headers }) },
            {
              name: 'origins',
              send: () =>
                fetch(`${s.proxyUrl}/projects/v1/origins?projectId=${project}`, { headers }),
            },
            {
              name: 'rpc',
              send: () =>
                fetch(`${s.proxyUrl}/v1/?chainId=eip155:31337&projectId=${project}`, {
                  method: 'POST',
                  headers: { ...headers, 'content-type': 'application/json' },
                  body: JSON.stringify({
                    jsonrpc: '2.0',
                    id: 1,
                    method: 'eth_blockNumber',
                    params: [],
                  }),
                }),
            },
          ]
        },
      })
      try {
        await waitFor('the load to run', async () => load.samples.length >= 30, {
          timeoutMs: 30_000,
        })
        const killed = s.servers[0]
        const upstream = `127.0.0.1:${killed.port}`
        const killedAt = Date.now()
        await s.kill(0)
        await s.restart(0)
        const restartedAt = Date.now()
        // The restarted server is back in nginx's rotation once it serves load requests again.
        const servedAgain = () =>
          s
            .accessLog()
            .map(parseAccessLine)
            .filter(
              (l) => l.at >= restartedAt && l.uri !== '/healthz' && l.upstreams.at(-1) === upstream,
            )
        await waitFor(
          'nginx to send load to the restarted server',
          async () => servedAgain().length >= 10,
          {
            timeoutMs: 30_000,
          },
        )
        const rejoinedAt = Math.min(...servedAgain().map((l) => l.at))
        await load.stop()

        const window = load.samples.filter(
          (x) => x.startedAt >= killedAt && x.startedAt <= rejoinedAt,
        )
        const retriedByNginx = s
          .accessLog()
          .map(parseAccessLine)
          .filter((l) => l.at >= killedAt && l.upstreams.length > 1 && l.upstreams[0] === upstream)
        console.log(
          `[measure] production load: ${load.samples.length} client requests, ${load.failures.length} errors, ${load.retries} client retries, ${retriedByNginx.length} retried by nginx on the other server`,
        )
        console.log(
          `[measure] production kill window (SIGKILL → restarted server serving): ${rejoinedAt - killedAt} ms, ${window.length} requests, p99 ${percentile(
            window.map((x) => x.ms),
            99,
          )} ms, max ${Math.max(...window.map((x) => x.ms))} ms; restart to healthy ${restartedAt - killedAt} ms; overall p99 ${percentile(
            load.samples.map((x) => x.ms),
            99,
          )} ms`,
        )
        expect(load.failures).toEqual([])
        expect(window.length).toBeGreaterThan(0)
        // The kill was felt by nginx, not by the clients: it retried on the live server.
        expect(retriedByNginx.length).toBeGreaterThan(0)
      } finally {
        await load.stop()
      }
    },
    SLOW,
  )
})
