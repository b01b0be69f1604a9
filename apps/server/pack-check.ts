/**
 * Checks the package as a user gets it: packs `latch-server`, installs the tarball into an empty
 * project outside the workspace, and runs `npx latch-server --version` and `npx latch-server
 * serve` there (PGlite in a temporary folder) until `/healthz` answers. Run it with
 * `npm run pack:check -w latch-server`; it installs the dependencies from the registry, which
 * takes minutes, so it is a script rather than part of the test suite.
 *
 * LATCH_PACK_PORT picks the port (default 8887).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const here = new URL('.', import.meta.url).pathname
const port = Number(process.env.LATCH_PACK_PORT ?? 8887)
const tmp = mkdtempSync(path.join(os.tmpdir(), 'latch-server-pack-'))
const step = (label: string) => console.log(`[${new Date().toISOString()}] ${label}`)
let server: ChildProcess | undefined

function npm(args: string[], cwd: string): string {
  return execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
}

try {
  step('npm pack (builds dist first)')
  npm(['pack', '--pack-destination', tmp, '--silent'], here)
  const tarball = readdirSync(tmp).find((name) => name.endsWith('.tgz'))
  if (!tarball) throw new Error('npm pack wrote no tarball')

  const app = path.join(tmp, 'app')
  const dataDir = path.join(tmp, 'data')
  execFileSync('mkdir', ['-p', app])
  writeFileSync(path.join(app, 'package.json'), '{ "name": "consumer", "private": true }\n')
  step(`npm install ${tarball}`)
  npm(['install', '--prefer-offline', '--no-audit', '--no-fund', path.join(tmp, tarball)], app)

  const version = npm(['exec', '--no', '--', 'latch-server', '--version'], app).trim()
  step(`npx latch-server --version: ${version}`)
  if (!/^\d+\.\d+\.\d+/.test(version)) throw new Error(`unexpected version output "${version}"`)

  step(`npx latch-server serve on port ${port}`)
  server = spawn('npm', ['exec', '--no', '--', 'latch-server', 'serve'], {
    cwd: app,
    env: {
      ...process.env,
      LATCH_DATA_DIR: dataDir,
      LATCH_SERVER_PORT: String(port),
      LATCH_LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  })
  let out = ''
  server.stdout?.on('data', (chunk) => {
    out += chunk
  })
  const url = await new Promise<string>((resolve, reject) => {
    server?.on('exit', (code) => reject(new Error(`serve exited with ${code}:\n${out}`)))
    server?.stdout?.on('data', () => {
      const match = /listening on (http:\/\/\S+)/.exec(out)
      if (match) resolve(match[1]!)
    })
  })
  const health = await fetch(`${url}/healthz`)
  const body = (await health.json()) as { database?: { ok?: boolean } }
  step(`GET /healthz: ${health.status} ${JSON.stringify(body)}`)
  // No chain node runs here, so the server is "degraded"; the database must be up.
  if (body.database?.ok !== true) throw new Error('the packed server has no working database')
  const docs = await fetch(`${url}/docs/json`)
  if (docs.status !== 200) throw new Error(`/docs/json answered ${docs.status}`)
  step('ok')
} finally {
  // npm exec runs the server as its child: signal the whole group, then wait for it to exit.
  if (server?.pid && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve))
    process.kill(-server.pid, 'SIGTERM')
    await exited
  }
  rmSync(tmp, { recursive: true, force: true })
}
