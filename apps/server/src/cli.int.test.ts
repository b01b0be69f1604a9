import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../../scripts/devchain/anvil.js'
import type { HealthBody } from './observability/health.js'
import { type CliProcess, spawnCli, waitForListening } from './testing/cli.js'
import { createTestPostgres } from './testing/postgres.js'

let anvil: AnvilInstance
let tmp: string
// A migrated data folder made once: PGlite's initdb costs seconds, copying it does not.
let template: string
const running: CliProcess[] = []
// Each spawned server loads the whole product and starts PGlite: slow on a busy machine.
const SLOW = 300_000

beforeAll(async () => {
  anvil = await startAnvil()
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'latch-cli-'))
  template = path.join(tmp, 'template')
  // A real first start, without the harness's migrated template: initdb and every migration.
  const cli = start(['migrate'], { LATCH_DATA_DIR: template }, undefined, { template: false })
  if ((await cli.exited) !== 0) throw new Error(`migrate failed:\n${cli.stderr()}`)
  running.length = 0
}, SLOW)
afterEach(async () => {
  for (const cli of running.splice(0)) {
    if (cli.child.exitCode === null && cli.child.signalCode === null) cli.child.kill('SIGKILL')
    await cli.exited
  }
})
afterAll(async () => {
  await anvil?.stop()
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true })
})

/** The bundle production runs (testing/bundle.ts); `from: 'source'` as `npm run cli` runs. */
function start(
  args: string[],
  env: Record<string, string>,
  from?: 'source',
  options: { template?: boolean } = {},
): CliProcess {
  const cli = spawnCli(
    args,
    { LATCH_SERVER_PORT: '0', LATCH_CHAIN_RPC_URL: anvil.rpcUrl, LATCH_LOG_LEVEL: 'warn', ...env },
    { from, ...options },
  )
  running.push(cli)
  return cli
}

/** A fresh data folder holding a copy of the migrated template. */
function dataDirFrom(name: string): string {
  const dataDir = path.join(tmp, name)
  fs.cpSync(template, dataDir, { recursive: true })
  return dataDir
}

async function health(url: string) {
  const response = await fetch(`${url}/healthz`)
  return { status: response.status, body: (await response.json()) as HealthBody }
}

describe('latch-server CLI', () => {
  test(
    'a malformed DATABASE_URL prints the problem and exits 1',
    async () => {
      const cli = start(['serve'], { DATABASE_URL: 'mysql://root:hunter2@db/latch' })
      expect(await cli.exited).toBe(1)
      expect(cli.stderr()).toContain(
        'DATABASE_URL: must be a postgres:// URL, got "mysql://root:***@db/latch"',
      )
      expect(cli.stderr()).not.toContain('hunter2')
      // A config error is a user mistake, not a crash: no stack trace.
      expect(cli.stderr()).not.toMatch(/\n\s+at /)
      expect(cli.stdout()).toBe('')
    },
    SLOW,
  )

  test(
    'serve --help prints the usage and exits without starting a server',
    async () => {
      const dataDir = path.join(tmp, 'help-only')
      const cli = start(['serve', '--help'], { LATCH_DATA_DIR: dataDir })
      expect(await cli.exited).toBe(0)
      expect(cli.stdout()).toContain('Usage: latch-server [serve]')
      expect(cli.stdout()).not.toContain('listening')
      expect(fs.existsSync(dataDir)).toBe(false)
    },
    SLOW,
  )

  test(
    'an unknown command exits 2 with the usage (from the sources, as `npm run cli` runs)',
    async () => {
      const cli = start(['frobnicate'], {}, 'source')
      expect(await cli.exited).toBe(2)
      expect(cli.stderr()).toContain('Unknown command "frobnicate"')
      expect(cli.stderr()).toContain('serve')
    },
    SLOW,
  )

  test(
    'migrate creates a PGlite folder, releases it, and is repeatable',
    async () => {
      expect(fs.existsSync(path.join(template, 'pglite', 'PG_VERSION'))).toBe(true)
      expect(fs.existsSync(path.join(template, 'pglite', 'latch.lock'))).toBe(false)
      const dataDir = dataDirFrom('migrate')
      const cli = start(['migrate'], { LATCH_DATA_DIR: dataDir })
      expect(await cli.exited).toBe(0)
      expect(cli.stdout()).toContain('Migrations applied (pglite)')
    },
    SLOW,
  )

  test(
    'serve survives kill -9: the next start opens the same data folder',
    async () => {
      const dataDir = dataDirFrom('crash')
      const first = start([], { LATCH_DATA_DIR: dataDir })
      const url = await waitForListening(first)
      expect((await health(url)).body.database).toEqual({ ok: true, kind: 'pglite' })
      first.child.kill('SIGKILL')
      expect(await first.exited).toBe('SIGKILL')
      // What a crash leaves behind: our lock and Postgres' own postmaster.pid.
      expect(fs.existsSync(path.join(dataDir, 'pglite', 'latch.lock'))).toBe(true)
      expect(fs.existsSync(path.join(dataDir, 'pglite', 'postmaster.pid'))).toBe(true)

      const second = start(['serve'], { LATCH_DATA_DIR: dataDir })
      const url2 = await waitForListening(second)
      const { status, body } = await health(url2)
      expect(status).toBe(200)
      expect(body).toMatchObject({ status: 'ok', database: { ok: true, kind: 'pglite' } })
    },
    SLOW,
  )

  test(
    'SIGTERM shuts down cleanly and releases the data folder',
    async () => {
      const dataDir = dataDirFrom('sigterm')
      const cli = start(['serve'], { LATCH_DATA_DIR: dataDir })
      await waitForListening(cli)
      cli.child.kill('SIGTERM')
      expect(await cli.exited).toBe(0)
      expect(fs.existsSync(path.join(dataDir, 'pglite', 'latch.lock'))).toBe(false)
    },
    SLOW,
  )

  test(
    'a second server on a folder in use is refused, naming the folder and the owner',
    async () => {
      const dataDir = dataDirFrom('shared')
      const owner = start(['serve'], { LATCH_DATA_DIR: dataDir })
      await waitForListening(owner)
      const intruder = start(['serve'], { LATCH_DATA_DIR: dataDir })
      expect(await intruder.exited).toBe(1)
      expect(intruder.stderr()).toContain(path.join(dataDir, 'pglite'))
      expect(intruder.stderr()).toContain(`pid ${owner.child.pid}`)
      // The owner is unharmed.
      expect((await health(await waitForListening(owner))).status).toBe(200)
    },
    SLOW,
  )

  test(
    'serve on Postgres when DATABASE_URL is set',
    async () => {
      const postgres = await createTestPostgres()
      if ('unavailable' in postgres) {
        console.warn(`Skipping serve on Postgres: ${postgres.unavailable}`)
        return
      }
      try {
        const cli = start(['serve'], { DATABASE_URL: postgres.url })
        const { status, body } = await health(await waitForListening(cli))
        expect(status).toBe(200)
        expect(body.database).toEqual({ ok: true, kind: 'postgres' })
        cli.child.kill('SIGTERM')
        expect(await cli.exited).toBe(0)
      } finally {
        await postgres.drop()
      }
    },
    SLOW,
  )

  test(
    'a corrupt PGlite folder fails with a message naming it, not a stack trace',
    async () => {
      const dataDir = dataDirFrom('corrupt')
      fs.writeFileSync(path.join(dataDir, 'pglite', 'global', 'pg_control'), 'garbage')
      const cli = start(['serve'], { LATCH_DATA_DIR: dataDir })
      expect(await cli.exited).toBe(1)
      expect(cli.stderr()).toContain(`PGlite data folder ${path.join(dataDir, 'pglite')}`)
      expect(cli.stderr()).toContain('corrupt')
      expect(cli.stderr()).not.toMatch(/\n\s+at /)
    },
    SLOW,
  )

  test(
    'production mode without the secrets refuses to start, naming them, and writes no key file',
    async () => {
      const dataDir = dataDirFrom('production-no-keys')
      const cli = start(['serve'], { LATCH_DATA_DIR: dataDir, NODE_ENV: 'production' })
      expect(await cli.exited).not.toBe(0)
      expect(cli.stderr()).toContain(
        'needs LATCH_AUTH_SHARE_KEY, LATCH_RECOVERY_KEY, LATCH_CURSOR_SECRET from the environment',
      )
      expect(fs.existsSync(path.join(dataDir, 'keys'))).toBe(false)
    },
    SLOW,
  )

  test(
    'production mode with its secrets serves no /docs, and development warns once about key files',
    async () => {
      const dataDir = dataDirFrom('production')
      const cli = start(['serve'], {
        LATCH_DATA_DIR: dataDir,
        LATCH_ENV: 'production',
        LATCH_AUTH_SHARE_KEY: Buffer.alloc(32, 7).toString('base64'),
        LATCH_RECOVERY_KEY: Buffer.alloc(32, 8).toString('base64'),
        LATCH_CURSOR_SECRET: 'a-cursor-secret-of-enough-length',
      })
      const url = await waitForListening(cli)
      expect((await fetch(`${url}/docs`)).status).toBe(404)
      expect((await fetch(`${url}/healthz`)).status).toBe(200)
      expect(fs.existsSync(path.join(dataDir, 'keys'))).toBe(false)
      expect(cli.stdout() + cli.stderr()).not.toContain('development keys')
      cli.child.kill('SIGTERM')
      await cli.exited

      const devDir = dataDirFrom('development')
      const dev = start(['serve'], { LATCH_DATA_DIR: devDir })
      const devUrl = await waitForListening(dev)
      expect((await fetch(`${devUrl}/docs`)).status).toBe(200)
      const warnings = (dev.stdout() + dev.stderr())
        .split('\n')
        .filter((line) => line.includes('development keys'))
      expect(warnings).toHaveLength(1)
      expect(warnings[0]).toContain(path.join(devDir, 'keys', 'auth-share.key'))
      expect(warnings[0]).toContain(path.join(devDir, 'keys', 'cursor.key'))
      dev.child.kill('SIGTERM')
      await dev.exited
    },
    SLOW,
  )
})
