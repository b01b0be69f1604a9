/**
 * Packs `latch-server`, installs the tarball into an empty project outside the workspace, and
 * runs `npx latch-server --version` and `npx latch-server serve` there (PGlite in a temporary
 * folder) until `/healthz` answers: the package as a user gets it. Dependencies come from the
 * npm cache or the registry, so the first run on a machine takes minutes.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url))

export interface PackedServerReport {
  version: string
  health: { status: number; body: { status?: string; database?: { ok?: boolean; kind?: string } } }
  docsStatus: number
  tarballFiles: string[]
}

function npm(args: string[], cwd: string): string {
  return execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
}

/**
 * `port` 0 lets the system pick one; `log` hears each step as it starts; `env` is added to the
 * server's (the test passes the migrated PGlite template, testing/database.ts).
 */
export async function checkPackedServer(
  options: { port?: number; log?: (line: string) => void; env?: Record<string, string> } = {},
): Promise<PackedServerReport> {
  const log = options.log ?? (() => {})
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'latch-server-pack-'))
  let server: ChildProcess | undefined
  try {
    log('npm pack (builds dist first)')
    const packed = JSON.parse(npm(['pack', '--json', '--pack-destination', tmp], SERVER_DIR)) as {
      filename: string
      files: { path: string }[]
    }[]
    const tarball = readdirSync(tmp).find((name) => name.endsWith('.tgz'))
    if (!tarball) throw new Error('npm pack wrote no tarball')

    const app = path.join(tmp, 'app')
    mkdirSync(app)
    writeFileSync(path.join(app, 'package.json'), '{ "name": "consumer", "private": true }\n')
    log(`npm install ${tarball}`)
    npm(['install', '--prefer-offline', '--no-audit', '--no-fund', path.join(tmp, tarball)], app)

    const version = npm(['exec', '--no', '--', 'latch-server', '--version'], app).trim()
    log(`npx latch-server --version: ${version}`)

    log('npx latch-server serve')
    server = spawn('npm', ['exec', '--no', '--', 'latch-server', 'serve'], {
      cwd: app,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        LATCH_DATA_DIR: path.join(tmp, 'data'),
        LATCH_SERVER_PORT: String(options.port ?? 0),
        LATCH_LOG_LEVEL: 'error',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // npm exec runs the server as its child: the group is signalled as one.
      detached: true,
    })
    let out = ''
    let err = ''
    server.stderr?.on('data', (chunk) => {
      err += chunk
    })
    const url = await new Promise<string>((resolve, reject) => {
      server?.on('exit', (code) => reject(new Error(`serve exited with ${code}:\n${out}${err}`)))
      server?.stdout?.on('data', (chunk) => {
        out += chunk
        const match = /listening on (http:\/\/\S+)/.exec(out)
        if (match) resolve(match[1]!)
      })
    })
    const response = await fetch(`${url}/healthz`)
    const health = {
      status: response.status,
      body: (await response.json()) as PackedServerReport['health']['body'],
    }
    log(`GET /healthz: ${health.status} ${JSON.stringify(health.body)}`)
    const docsStatus = (await fetch(`${url}/docs/json`)).status
    return {
      version,
      health,
      docsStatus,
      tarballFiles: packed[0]?.files.map((file) => file.path) ?? [],
    }
  } finally {
    if (server?.pid && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve))
      process.kill(-server.pid, 'SIGTERM')
      await exited
    }
    rmSync(tmp, { recursive: true, force: true })
  }
}
