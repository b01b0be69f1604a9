/**
 * The production topology of docs/deployment.md#the-tested-topology, on loopback: Postgres,
 * Redis, a chain (anvil), two `latch-server serve` processes with LATCH_INDEXER=off, one
 * `latch-server index`, and nginx in front (the API on one port, the secure frame on another).
 * Every port is free when picked; readiness is polled, never slept on.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type CliProcess, waitForListening } from '../../apps/server/src/testing/cli.js'
import { createTestPostgres } from '../../apps/server/src/testing/postgres.js'
import { type AnvilInstance, startAnvil } from '../devchain/anvil.js'
import { type Mailbox, startMailbox } from '../mailbox/index.js'
import { waitFor } from '../stack/wait.js'
import { buildServer } from './build.js'
import { ensureNginx, type NginxProcess, nginxConfig, startNginx } from './nginx.js'
import { pickPorts } from './ports.js'
import { probeRedis, REDIS_TEST_URL, redisDatabaseUrl } from './redis.js'

/** The page the test's projects allow: a header value only, nothing listens there. */
export const APP_ORIGIN = 'https://app.example.com'

const BUILT_FRAME = fileURLToPath(new URL('../../packages/frame/dist/app', import.meta.url))

export interface ApiServer {
  /** Its own address, for calls that must reach this server and no other. */
  url: string
  port: number
  cli: CliProcess
}

export interface ProductionStack {
  /** The API through nginx. */
  proxyUrl: string
  /** nginx's master process (its worker is a child): a benchmark reads the CPU both use. */
  nginxPid: number | undefined
  /** The secure frame through nginx: its own origin. */
  frameOrigin: string
  servers: [ApiServer, ApiServer]
  /** The `latch-server index` process running now (a new one after `restartIndexer`). */
  readonly indexer: CliProcess
  /** The stack's own Postgres database, for checks against what the indexer wrote. */
  databaseUrl: string
  /** LATCH_CURSOR_SECRET of every process: a benchmark makes history cursors with it. */
  cursorSecret: string
  anvil: AnvilInstance
  mailbox: Mailbox
  adminToken: string
  /** Lines nginx logged: `msec METHOD /uri status upstream[, upstream…] seconds`. */
  accessLog(): string[]
  /** Where nginx writes `timings.log` when started with `nginxTimings`. */
  timingsLogPath: string
  /** What the frame is built from: the real build, or a one-page stand-in when none exists. */
  frameSource: 'build' | 'stand-in'
  /** SIGKILLs server `i` and resolves once it is gone. */
  kill(i: 0 | 1): Promise<void>
  /** Starts server `i` again on its port; resolves once its /healthz answers 200. */
  restart(i: 0 | 1): Promise<void>
  /** SIGKILLs the indexer and resolves once it is gone: its lease is left to expire. */
  killIndexer(): Promise<void>
  /** Starts a new `latch-server index`; resolves once it announces the chains it follows. */
  restartIndexer(): Promise<void>
  stop(): Promise<void>
}

export type StackOutcome = ProductionStack | { unavailable: string }

export class ServerExitedError extends Error {
  override name = 'ServerExitedError'
  constructor(port: number, stderr: string) {
    super(`the server on port ${port} exited:\n${stderr.slice(-2_000)}`)
  }
}

const secret = () => randomBytes(32).toString('base64')

/** 200 from `/healthz`: the process listens and its database answers. */
async function healthy(url: string): Promise<boolean> {
  const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) })
  return response.status === 200
}

/** `node <bin> <command>` with exactly `env` (and PATH, HOME), as a service manager starts it. */
function spawnBundle(bin: string, command: string, env: Record<string, string>): CliProcess {
  const child = spawn(process.execPath, [bin, command], {
    cwd: path.dirname(bin),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stdout?.on('data', (chunk) => {
    out += chunk
  })
  child.stderr?.on('data', (chunk) => {
    err += chunk
  })
  const exited = new Promise<number | NodeJS.Signals>((resolve) => {
    child.on('exit', (code, signal) => resolve(signal ?? code ?? 0))
  })
  return { child, stdout: () => out, stderr: () => err, exited }
}

async function startServer(
  bin: string,
  env: Record<string, string>,
  port: number,
  track: (cli: CliProcess) => void,
): Promise<ApiServer> {
  const cli = spawnBundle(bin, 'serve', { ...env, LATCH_SERVER_PORT: String(port) })
  track(cli)
  const url = await waitForListening(cli, 120_000)
  // The line comes once Fastify listens; the health URL proves the database answers too.
  await waitFor(
    `server on port ${port}`,
    async () => {
      if (cli.child.exitCode !== null || cli.child.signalCode !== null)
        throw new ServerExitedError(port, `${cli.stdout()}\n${cli.stderr()}`)
      return healthy(url)
    },
    { timeoutMs: 30_000, intervalMs: 200 },
  ).catch((error: Error) => {
    throw cli.child.exitCode !== null
      ? new ServerExitedError(port, `${cli.stdout()}\n${cli.stderr()}`)
      : error
  })
  return { url, port, cli }
}

export class IndexerExitedError extends Error {
  override name = 'IndexerExitedError'
  constructor(output: string) {
    super(`the indexer exited:\n${output.slice(-2_000)}`)
  }
}

/** Resolves once `latch-server index` has migrated and announced its chains (command.ts). */
async function waitForIndexerStart(cli: CliProcess): Promise<void> {
  const exited = () => cli.child.exitCode !== null || cli.child.signalCode !== null
  await waitFor(
    'the indexer to start',
    async () => exited() || cli.stdout().includes('Latch indexer following'),
    { timeoutMs: 120_000, intervalMs: 100 },
  )
  if (exited()) throw new IndexerExitedError(`${cli.stdout()}\n${cli.stderr()}`)
}

/** The frame's files: `npm run build -w @latch/frame` output when present, else a stand-in. */
function frameDir(tmp: string): { dir: string; source: 'build' | 'stand-in' } {
  if (fs.existsSync(path.join(BUILT_FRAME, 'index.html')))
    return { dir: BUILT_FRAME, source: 'build' }
  const dir = path.join(tmp, 'frame')
  fs.mkdirSync(dir, { recursive: true })
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Latch frame</title>')
  return { dir, source: 'stand-in' }
}

export interface StackOptions {
  /**
   * An existing database to serve (kept afterwards) instead of a fresh one dropped at the end:
   * the history benchmark's million rows are filled once and reused.
   */
  databaseUrl?: string
  /** False: no `latch-server index` (a benchmark's synthetic rows must not be indexed over). */
  indexer?: boolean
  /** Added to the API servers' environment (a benchmark's metrics token, NODE_OPTIONS). */
  serverEnv?: Record<string, string>
  /** nginx also writes `timings.log` (nginx.ts TIMINGS_FORMAT), read by `timingsLog()`. */
  nginxTimings?: boolean
  /** nginx's `keepalive_requests` for client connections (nginx.ts nginxConfig). */
  nginxKeepaliveRequests?: number
}

/**
 * Starts the whole topology, or resolves with the reason a part is missing (no Postgres, no
 * Redis, no nginx) so a test can skip and say why.
 */
export async function startProductionStack(options: StackOptions = {}): Promise<StackOutcome> {
  const redisDown = await probeRedis()
  if (redisDown) return { unavailable: redisDown }
  const nginx = ensureNginx()
  if (!nginx.ok) return { unavailable: nginx.message }
  const database = options.databaseUrl
    ? { url: options.databaseUrl, drop: async () => {} }
    : await createTestPostgres()
  if ('unavailable' in database) return database

  const cleanups: (() => Promise<unknown>)[] = [() => database.drop()]
  const cleanUp = async () => {
    for (const step of cleanups.reverse()) await step().catch(() => {})
  }
  try {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'latch-production-'))
    // nginx's workers drop root privileges; they must reach their temp folders in here.
    fs.chmodSync(tmp, 0o755)
    cleanups.push(async () => fs.rmSync(tmp, { recursive: true, force: true }))
    const [anvil, mailbox, built] = await Promise.all([startAnvil(), startMailbox(), buildServer()])
    cleanups.push(
      () => anvil.stop(),
      () => mailbox.stop(),
      async () => built.remove(),
    )
    const [portA, portB, apiPort, framePort] = (await pickPorts(4)) as [
      number,
      number,
      number,
      number,
    ]
    const proxyUrl = `http://127.0.0.1:${apiPort}`
    const frameOrigin = `http://127.0.0.1:${framePort}`
    const frame = frameDir(tmp)
    const adminToken = randomBytes(24).toString('hex')
    // The same on every process (docs/deployment.md#environment).
    const shared: Record<string, string> = {
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      REDIS_URL: redisDatabaseUrl(REDIS_TEST_URL),
      LATCH_CHAIN_RPC_URL: anvil.rpcUrl,
      LATCH_INDEX_CHAINS: `31337=${anvil.rpcUrl}`,
      LATCH_CURSOR_SECRET: secret(),
      LATCH_AUTH_SHARE_KEY: secret(),
      LATCH_RECOVERY_KEY: secret(),
      LATCH_LOG_LEVEL: 'warn',
    }
    const serverEnv: Record<string, string> = {
      ...shared,
      LATCH_SERVER_HOST: '127.0.0.1',
      LATCH_INDEXER: 'off',
      LATCH_TRUST_PROXY: '127.0.0.1',
      LATCH_PUBLIC_URL: proxyUrl,
      LATCH_WEB_ORIGINS: APP_ORIGIN,
      LATCH_FRAME_ORIGINS: frameOrigin,
      LATCH_FRAME_DIR: frame.dir,
      LATCH_SMTP_URL: mailbox.smtpUrl,
      LATCH_MAIL_FROM: 'Latch <no-reply@example.com>',
      LATCH_ADMIN_TOKEN: adminToken,
      // The load's clients call the proxy hundreds of times a minute from one address.
      LATCH_RPC_CALLS_PER_CLIENT_MINUTE: '100000',
      ...options.serverEnv,
    }
    const processes: CliProcess[] = []
    cleanups.push(async () => {
      for (const cli of processes) {
        if (cli.child.exitCode === null && cli.child.signalCode === null) cli.child.kill('SIGTERM')
        await cli.exited
      }
    })
    let indexer: CliProcess | undefined
    if (options.indexer !== false) {
      indexer = spawnBundle(built.bin, 'index', shared)
      processes.push(indexer)
    }
    const track = (cli: CliProcess) => processes.push(cli)
    const servers = (await Promise.all([
      startServer(built.bin, serverEnv, portA, track),
      startServer(built.bin, serverEnv, portB, track),
    ])) as [ApiServer, ApiServer]

    fs.writeFileSync(
      path.join(tmp, 'nginx.conf'),
      nginxConfig(
        tmp,
        {
          upstreams: servers.map((s) => `127.0.0.1:${s.port}`),
          apiListen: `127.0.0.1:${apiPort}`,
          frameListen: `127.0.0.1:${framePort}`,
        },
        {
          timings: options.nginxTimings === true,
          ...(options.nginxKeepaliveRequests
            ? { keepaliveRequests: options.nginxKeepaliveRequests }
            : {}),
        },
      ),
    )
    const proxy: NginxProcess = startNginx(nginx.path, tmp)
    cleanups.push(async () => {
      if (proxy.child.exitCode === null) proxy.child.kill('SIGQUIT')
      await proxy.exited
    })
    await waitFor(
      `nginx on port ${apiPort}`,
      async () => {
        if (proxy.child.exitCode !== null) throw new Error(`nginx exited: ${proxy.stderr()}`)
        return healthy(proxyUrl)
      },
      { timeoutMs: 15_000, intervalMs: 100 },
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${proxy.stderr()}`)
    })

    return {
      proxyUrl,
      nginxPid: proxy.child.pid,
      frameOrigin,
      servers,
      get indexer() {
        if (!indexer) throw new Error('this stack was started without an indexer')
        return indexer
      },
      databaseUrl: database.url,
      cursorSecret: shared.LATCH_CURSOR_SECRET!,
      anvil,
      mailbox,
      adminToken,
      frameSource: frame.source,
      timingsLogPath: path.join(tmp, 'timings.log'),
      accessLog: () =>
        fs
          .readFileSync(path.join(tmp, 'access.log'), 'utf8')
          .split('\n')
          .filter((line) => line.length > 0),
      async kill(i) {
        const { cli } = servers[i]
        cli.child.kill('SIGKILL')
        await cli.exited
      },
      async restart(i) {
        servers[i] = await startServer(built.bin, serverEnv, servers[i].port, track)
      },
      async killIndexer() {
        if (!indexer) return
        indexer.child.kill('SIGKILL')
        await indexer.exited
      },
      async restartIndexer() {
        const next = spawnBundle(built.bin, 'index', shared)
        track(next)
        indexer = next
        await waitForIndexerStart(next)
      },
      stop: cleanUp,
    }
  } catch (error) {
    await cleanUp()
    throw error
  }
}
