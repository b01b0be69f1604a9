import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

/**
 * alto is installed on first use, not with the workspace. With its telemetry (Sentry,
 * OpenTelemetry) it is about 370 packages and 200 MB: in the workspace it took `npm ci` from 30 s
 * to 59 s on a quiet machine, against the one-minute budget (docs/benchmarks.md), while only the
 * dev stack's smart-account parts run it. Its versions are pinned by the lockfile beside this file
 * (alto/package-lock.json), installed with `npm ci` into node_modules/.cache, so a fresh clone
 * gets the same tree every time; npm reads it from its cache, or the registry on a cold machine.
 */

const here = path.dirname(fileURLToPath(import.meta.url))
const manifest = path.join(here, 'alto')
const root = path.resolve(here, '../..')

export const ALTO_VERSION = '0.0.20'

/** Where the installed alto lives: one folder per pinned version. */
export const altoHome = () =>
  path.join(root, 'node_modules', '.cache', 'latch', `alto-${ALTO_VERSION}`)

const cliIn = (home: string) =>
  path.join(home, 'node_modules', '@pimlico', 'alto', 'esm', 'cli', 'alto.js')

export class BundlerInstallError extends Error {
  override name = 'BundlerInstallError'
}

/**
 * alto's CLI, installed first when it is not there yet. Concurrent callers (test files, a stack)
 * each install into a folder of their own and the first rename wins; the rest remove theirs.
 */
export async function ensureAlto(log: (line: string) => void = () => {}): Promise<string> {
  const home = altoHome()
  if (existsSync(cliIn(home))) return cliIn(home)
  const staging = `${home}.${process.pid}.${randomBytes(4).toString('hex')}`
  mkdirSync(staging, { recursive: true })
  try {
    for (const file of ['package.json', 'package-lock.json'])
      copyFileSync(path.join(manifest, file), path.join(staging, file))
    log(`installing the dev bundler (alto ${ALTO_VERSION}) on first use`)
    await promisify(execFile)(
      'npm',
      ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'],
      { cwd: staging, maxBuffer: 16 * 1024 * 1024 },
    ).catch((error: Error & { stderr?: string }) => {
      throw new BundlerInstallError(
        `Could not install the dev bundler (alto ${ALTO_VERSION}) with npm: ${error.stderr?.trim().split('\n').slice(-3).join(' ') || error.message}`,
        { cause: error },
      )
    })
    try {
      renameSync(staging, home)
    } catch (error) {
      // Another caller finished first: its install is the same lockfile's.
      if (!existsSync(cliIn(home))) throw error
    }
  } finally {
    rmSync(staging, { recursive: true, force: true })
  }
  return cliIn(home)
}
