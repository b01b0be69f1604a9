import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'

const run = promisify(execFile)
const here = path.dirname(fileURLToPath(import.meta.url))
export const root = path.resolve(here, '../..')
const template = path.join(here, 'template')
export const LIBRARIES = ['core', 'react', 'frame'] as const

async function sh(cwd: string, command: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await run(command, args, {
      cwd,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false' },
    })
    return stdout
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string }
    throw new Error(
      `${command} ${args.join(' ')} failed in ${cwd}:\n${stdout ?? ''}\n${stderr ?? ''}`,
    )
  }
}

/** A folder in the OS temp dir: nothing of a run is left inside the workspace. */
export function tempDir(name: string): string {
  return mkdtempSync(path.join(tmpdir(), `latch-consumer-${name}-`))
}

/** Builds the three libraries in dependency order and packs each as a dapp would receive it. */
export async function buildAndPack(into: string): Promise<Record<string, string>> {
  // react and frame read core's declarations from its dist; they build side by side after it.
  await sh(root, 'npm', ['run', 'build', '-w', 'packages/core'])
  await Promise.all(
    ['react', 'frame'].map((name) => sh(root, 'npm', ['run', 'build', '-w', `packages/${name}`])),
  )
  const tarballs: Record<string, string> = {}
  for (const name of LIBRARIES) {
    const out = await sh(path.join(root, 'packages', name), 'npm', [
      'pack',
      '--json',
      '--pack-destination',
      into,
    ])
    const [packed] = JSON.parse(out) as { filename: string }[]
    tarballs[name] = path.join(into, packed!.filename)
  }
  return tarballs
}

export interface ConsumerOptions {
  reactMajor: 18 | 19
  tarballs: Record<string, string>
  env: Record<string, string>
  /** Import `@latch/react/styles.css` and turn injection off, instead of injecting with a nonce. */
  cssFile: boolean
}

/** Writes the template app into a fresh folder outside the workspace and installs it. */
export async function createConsumer(options: ConsumerOptions): Promise<string> {
  const dir = tempDir(`react${options.reactMajor}`)
  cpSync(template, dir, { recursive: true })
  const manifest = readFileSync(path.join(dir, 'package.template.json'), 'utf8')
    .replaceAll('REACT_MAJOR', String(options.reactMajor))
    .replace('TARBALL_CORE', `file:${options.tarballs.core}`)
    .replace('TARBALL_REACT', `file:${options.tarballs.react}`)
    .replace('TARBALL_FRAME', `file:${options.tarballs.frame}`)
  writeFileSync(path.join(dir, 'package.json'), manifest)
  rmSync(path.join(dir, 'package.template.json'))
  const env = { ...options.env, VITE_INJECT_STYLES: String(!options.cssFile) }
  writeFileSync(
    path.join(dir, '.env'),
    Object.entries(env)
      .map(([key, value]) => `${key}=${value}`)
      .join('\n'),
  )
  if (options.cssFile) {
    const main = path.join(dir, 'src/main.tsx')
    writeFileSync(
      main,
      readFileSync(main, 'utf8').replace('// LATCH_STYLES_IMPORT', "import './styles'"),
    )
  }
  await sh(dir, 'npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'])
  return dir
}

/** Builds with Vite; with `typecheck`, first checks the app against the packed declarations. */
export async function typecheckAndBuild(dir: string, typecheck: boolean): Promise<void> {
  if (typecheck) await sh(dir, 'npm', ['run', 'typecheck'])
  await sh(dir, 'npm', ['run', 'build'])
}

/** What npm put in the consumer's node_modules for a package: version and folder. */
export function installed(dir: string, name: string): { version: string; dir: string } {
  const folder = path.join(dir, 'node_modules', name)
  const { version } = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8'))
  return { version, dir: folder }
}

export interface BundleSize {
  /** The entry script and its modulepreloads, as index.html loads them before anything runs. */
  firstLoadFiles: string[]
  firstLoadGzipBytes: number
  allJsGzipBytes: number
}

const gzipBytes = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length

export function measureBundle(dir: string): BundleSize {
  const dist = path.join(dir, 'dist')
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8')
  const firstLoadFiles = [
    ...html.matchAll(/<script type="module"[^>]*\ssrc="\/([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]*\shref="\/([^"]+)"/g),
  ].map((match) => match[1]!)
  const assets = path.join(dist, 'assets')
  const allJs = existsSync(assets) ? readdirSync(assets).filter((f) => f.endsWith('.js')) : []
  return {
    firstLoadFiles,
    firstLoadGzipBytes: firstLoadFiles.reduce((sum, f) => sum + gzipBytes(path.join(dist, f)), 0),
    allJsGzipBytes: allJs.reduce((sum, f) => sum + gzipBytes(path.join(assets, f)), 0),
  }
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
}

/**
 * Serves a build the way a strict host would: a fresh nonce per response, put into the page's
 * `csp-nonce` meta tag and scripts, and a Content-Security-Policy without 'unsafe-inline'.
 */
export function serveWithCsp(dir: string, port: number, connect: string[]): Promise<Server> {
  const dist = path.join(dir, 'dist')
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://consumer')
    let file = path.join(dist, decodeURIComponent(url.pathname))
    if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory())
      file = path.join(dist, 'index.html')
    const nonce = randomBytes(16).toString('base64')
    const type = types[path.extname(file)] ?? 'application/octet-stream'
    const body = readFileSync(file)
    response.setHeader('content-type', type)
    if (type.startsWith('text/html')) {
      response.setHeader(
        'content-security-policy',
        [
          "default-src 'self'",
          `script-src 'self' 'nonce-${nonce}'`,
          `style-src 'self' 'nonce-${nonce}'`,
          `connect-src 'self' ${connect.join(' ')}`,
          `img-src 'self' data: ${connect.join(' ')}`,
        ].join('; '),
      )
      response.end(body.toString('utf8').replaceAll('LATCH_NONCE', nonce))
      return
    }
    response.end(body)
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve(server))
  })
}

export function writeArtifact(name: string, data: unknown): string {
  const dir = path.join(root, 'e2e/artifacts')
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, name)
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`)
  return file
}
