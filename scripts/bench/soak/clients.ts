/**
 * The soak's clients, through nginx: history readers paging through the soak accounts, and
 * wallet sign-ins (SIWX nonce, verify, session). Each client keeps a pace (a rate that stays
 * inside the per-project limits, not a wait for anything). The retry policy is the production
 * test's, bounded to one retry: again once on a connection error — and, since a SIGKILL can cut a
 * request the proxy may not send twice (a sign-in POST), on the proxy's 502/504 too, as a client
 * of a gateway does. A request counts as a client error only when its retry fails as well.
 */
import { createProject, siwxNonce, siwxSession, siwxVerify } from '../../production/calls.js'
import { APP_ORIGIN } from '../../production/stack.js'
import { SOAK_ACCOUNTS } from './chain.js'

export type Kind = 'history' | 'sign-in'

/** One HTTP request (a flow makes one to three), timed from send to the whole body read. */
export interface Sample {
  /** 'history', 'history page 2', 'siwx nonce', 'siwx verify (bearer)'… */
  name: string
  ms: number
  ok: boolean
}

/** Sends one request and checks its status; records its sample. */
type Call = (
  what: string,
  send: () => Promise<Response>,
  want: number,
) => Promise<{ body: string; headers: Headers }>

type Flow = (call: Call) => Promise<void>

export interface Clients {
  samples: Sample[]
  /** Flows completed, by kind (a flow is a history read or a whole sign-in). */
  flows: Record<Kind, number>
  /** Flows that failed after their retry: the client errors. */
  errors: string[]
  retries: { connection: number; gateway: number }
  stop(): Promise<void>
}

class Retryable extends Error {
  override name = 'Retryable'
  constructor(
    readonly reason: 'connection' | 'gateway',
    message: string,
  ) {
    super(message)
  }
}

class ClientError extends Error {
  override name = 'ClientError'
}

/** Throws Retryable for what a client retries, ClientError for any other failure. */
async function expectStatus(response: Promise<Response>, want: number, what: string) {
  const answer = await response.catch((error: Error) => {
    throw new Retryable('connection', `${what}: ${error.message}`)
  })
  // Read whole: a body cut off by a dying server is a failure too.
  const body = await answer.text().catch((error: Error) => {
    throw new Retryable('connection', `${what}: body: ${error.message}`)
  })
  if (answer.status === 502 || answer.status === 504)
    throw new Retryable('gateway', `${what}: ${answer.status}`)
  if (answer.status !== want)
    throw new ClientError(`${what}: ${answer.status} ${body.slice(0, 200)}`)
  return { body, headers: answer.headers }
}

const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!

function historyFlow(proxyUrl: string, projectId: string) {
  return async (call: Call) => {
    const account = pick(SOAK_ACCOUNTS)
    const url = `${proxyUrl}/v1/account/${account}/history?projectId=${projectId}&chainId=eip155:31337&limit=20`
    const first = await call('history', () => fetch(url, { headers: { origin: APP_ORIGIN } }), 200)
    // Every other read goes one page deeper, through the cursor the first page gave.
    const next = (JSON.parse(first.body) as { next: string | null }).next
    if (next && Math.random() < 0.5)
      await call(
        'history page 2',
        () =>
          fetch(`${url}&cursor=${encodeURIComponent(next)}`, { headers: { origin: APP_ORIGIN } }),
        200,
      )
  }
}

function signInFlow(proxyUrl: string, projectId: string) {
  let n = 0
  return async (call: Call) => {
    const transport = n++ % 2 === 0 ? 'bearer' : 'cookie'
    const nonced = await call('siwx nonce', () => siwxNonce(proxyUrl, projectId), 201)
    const { nonce } = JSON.parse(nonced.body) as { nonce: string }
    const verified = await call(
      `siwx verify (${transport})`,
      () => siwxVerify(proxyUrl, projectId, nonce, transport),
      201,
    )
    const auth =
      transport === 'bearer'
        ? { token: (JSON.parse(verified.body) as { token: string }).token }
        : { cookie: String(verified.headers.get('set-cookie')).split(';')[0] }
    await call('siwx session', () => siwxSession(proxyUrl, projectId, auth), 200)
  }
}

export interface ClientOptions {
  proxyUrl: string
  adminToken: string
  historyClients: number
  historyIntervalMs: number
  signInClients: number
  signInIntervalMs: number
}

/** Starts every client, each on a project of its own (rate limits are per project). */
export async function startClients(options: ClientOptions): Promise<Clients> {
  const samples: Sample[] = []
  const errors: string[] = []
  const retries = { connection: 0, gateway: 0 }
  const flows: Record<Kind, number> = { history: 0, 'sign-in': 0 }
  let running = true
  const call: Call = async (what, send, want) => {
    const startedAt = performance.now()
    let ok = false
    try {
      const answer = await expectStatus(send(), want, what)
      ok = true
      return answer
    } finally {
      samples.push({ name: what, ms: performance.now() - startedAt, ok })
    }
  }
  const attempt = async (flow: Flow) => {
    try {
      await flow(call)
    } catch (error) {
      if (!(error instanceof Retryable)) throw error
      retries[error.reason]++
      await flow(call)
    }
  }
  const loop = async (kind: Kind, flow: Flow, intervalMs: number) => {
    while (running) {
      const startedAt = Date.now()
      try {
        await attempt(flow)
        flows[kind]++
      } catch (error) {
        const line = `${new Date().toISOString()} ${kind}: ${(error as Error).message}`
        errors.push(line)
        // At once, not only in the report: a long run that fails late still names its errors.
        console.log(`[soak] client error: ${line}`)
      }
      const pause = startedAt + intervalMs - Date.now()
      if (pause > 0 && running) await new Promise((resolve) => setTimeout(resolve, pause))
    }
  }
  const project = (name: string) => createProject(options.proxyUrl, options.adminToken, name)
  const loops: Promise<void>[] = []
  for (let i = 0; i < options.historyClients; i++) {
    const flow = historyFlow(options.proxyUrl, await project(`soak history ${i}`))
    loops.push(loop('history', flow, options.historyIntervalMs))
  }
  for (let i = 0; i < options.signInClients; i++) {
    const flow = signInFlow(options.proxyUrl, await project(`soak sign-in ${i}`))
    loops.push(loop('sign-in', flow, options.signInIntervalMs))
  }
  return {
    samples,
    flows,
    errors,
    retries,
    async stop() {
      running = false
      await Promise.all(loops)
    },
  }
}
