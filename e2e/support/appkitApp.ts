import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const run = promisify(execFile)
const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../appkit-compat')

/**
 * The hosts the published AppKit calls (its own constants, read from its build in
 * node_modules/@reown/appkit-controllers): the API host (config, wallets, images), the
 * blockchain API host (chains, history, balance, identity, RPC) and the analytics host.
 */
export const REFERENCE_HOSTS = [
  'api.web3modal.org',
  'rpc.walletconnect.org',
  'pulse.walletconnect.org',
] as const

async function sh(command: string, args: string[], env: Record<string, string> = {}) {
  try {
    await run(command, args, {
      cwd: appDir,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, ...env, npm_config_update_notifier: 'false' },
    })
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string }
    throw new Error(`${command} ${args.join(' ')} failed in ${appDir}:\n${stdout}\n${stderr}`)
  }
}

/**
 * Installs the AppKit app's pinned dependencies the first time a run needs them (and again when
 * its lockfile changes): they are large, so the root `npm install` never fetches them.
 */
export async function installAppKitApp(): Promise<'installed' | 'already installed'> {
  const marker = path.join(appDir, 'node_modules', '.package-lock.json')
  const lock = path.join(appDir, 'package-lock.json')
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) {
    return 'already installed'
  }
  await sh('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'])
  return 'installed'
}

/** Builds the app for one Latch project into a temporary folder and returns the folder. */
export async function buildAppKitApp(env: { projectId: string; chainRpcUrl: string }) {
  const outDir = mkdtempSync(path.join(tmpdir(), 'latch-appkit-app-'))
  await sh('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
    VITE_PROJECT_ID: env.projectId,
    VITE_CHAIN_RPC_URL: env.chainRpcUrl,
  })
  return outDir
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
}

/** Serves a built app on loopback; unknown paths get index.html, as a single-page app expects. */
export async function serveStatic(dir: string, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    const wanted = path.normalize(
      decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname),
    )
    let file = path.join(dir, wanted)
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) {
      file = path.join(dir, 'index.html')
    }
    response.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    })
    response.end(readFileSync(file))
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return server
}

/** The admin line `npm start` prints: its URL and token, read off the stack's output. */
export interface AdminAccess {
  url: string
  token: string
}

/** Adds the app's origin to the project's allow-list on the running server (admin API). */
export async function allowOrigin(admin: AdminAccess, projectId: string, origin: string) {
  const response = await fetch(`${admin.url}/admin/v1/projects/${projectId}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ addOrigins: [origin] }),
  })
  if (!response.ok) throw new Error(`adding ${origin} failed: ${await response.text()}`)
}

/** The analytics events the server stored for a project (admin API), newest first. */
export async function storedAnalyticsEvents(admin: AdminAccess, projectId: string) {
  const response = await fetch(`${admin.url}/admin/v1/projects/${projectId}/analytics-events`, {
    headers: { authorization: `Bearer ${admin.token}` },
  })
  if (!response.ok) throw new Error(`reading events failed: ${await response.text()}`)
  return ((await response.json()) as { events: { event: string; sdkType: string }[] }).events
}
