import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildSync } from 'esbuild'
import { serverBundleOptions } from '../../bundle-options.js'

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url))

let bin: string | undefined

/**
 * `latch-server` bundled as `npm run build` bundles it (apps/server/build.ts: same entries,
 * format, conditions and externals), built once per test file on first use. A process started
 * from the bundle is ready in about a third of the time `tsx` needs to compile the sources
 * (docs/benchmarks.md#integration-step-2026-11-27), and CLI tests spawn many.
 *
 * The folder copies the package's layout — `dist/` beside `package.json` and `drizzle/` (links) —
 * so `--version` and the migrations resolve as in the published package. It sits in `.data/`
 * (ignored by git), private to this process, so a concurrent `npm pack` emptying `dist/` cannot
 * touch it; it is removed when the process exits, or by a later build once its process is gone
 * (test workers are often ended without an `exit` event).
 */
export function serverBundle(): string {
  if (bin) return bin
  const data = path.join(SERVER_DIR, '.data')
  removeOrphans(data)
  const root = path.join(data, `test-cli-${process.pid}-${randomBytes(4).toString('hex')}`)
  fs.mkdirSync(root, { recursive: true })
  process.once('exit', () => fs.rmSync(root, { recursive: true, force: true }))
  fs.symlinkSync(path.join(SERVER_DIR, 'package.json'), path.join(root, 'package.json'))
  fs.symlinkSync(path.join(SERVER_DIR, 'drizzle'), path.join(root, 'drizzle'))
  buildSync(serverBundleOptions(path.join(root, 'dist')))
  bin = path.join(root, 'dist', 'bin.js')
  return bin
}

/** Bundles left behind by test processes that no longer run. */
function removeOrphans(data: string): void {
  for (const name of fs.existsSync(data) ? fs.readdirSync(data) : []) {
    const pid = Number(/^test-cli-(\d+)-/.exec(name)?.[1])
    if (!pid || isRunning(pid)) continue
    fs.rmSync(path.join(data, name), { recursive: true, force: true })
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
