/**
 * Builds `latch-server` as production runs it — the esbuild bundle of apps/server/build.ts
 * (`npm run build -w latch-server`), same entry, format and externals — into a folder of this
 * run's own, so a concurrent `npm pack` (which empties apps/server/dist) cannot pull files from
 * under a running server. A bundled start costs about a third of a start from sources, which is
 * most of the time a restarted server needs to rejoin.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { serverBundleOptions } from '../../apps/server/bundle-options.js'

const SERVER_DIR = fileURLToPath(new URL('../../apps/server/', import.meta.url))

export interface BuiltServer {
  /** The bundle's `bin.js`: `node <bin> serve`, `node <bin> index`. */
  bin: string
  remove(): void
}

/**
 * The folder sits two levels under apps/server (in `.data/`, ignored by git), where the bundle
 * finds the migrations (`../../drizzle`, apps/server/src/db/migrate.ts) and its dependencies.
 */
export async function buildServer(): Promise<BuiltServer> {
  const outdir = path.join(SERVER_DIR, '.data', `production-${randomBytes(6).toString('hex')}`)
  await build(serverBundleOptions(outdir))
  return {
    bin: path.join(outdir, 'bin.js'),
    remove: () => fs.rmSync(outdir, { recursive: true, force: true }),
  }
}
