/**
 * How `latch-server` is bundled, in one place: the published build (build.ts), the CLI tests
 * (src/testing/bundle.ts) and the production-shaped stack test (scripts/production/build.ts)
 * all run the same bundle.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { BuildOptions } from 'esbuild'

export const SERVER_ROOT = fileURLToPath(new URL('.', import.meta.url))

export function serverBundleOptions(outdir: string): BuildOptions {
  const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
    dependencies: Record<string, string>
    peerDependencies?: Record<string, string>
    engines: { node: string }
  }
  return {
    absWorkingDir: SERVER_ROOT,
    // Both entries: cli.ts then lands in a chunk of its own, and its "am I the entry point"
    // check is false there (inlined into bin.js it would start twice).
    entryPoints: ['src/bin.ts', 'src/index.ts'],
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: `node${pkg.engines.node.replace(/^>=/, '')}`,
    // The workspace packages are read from their TypeScript sources, as in development; every
    // runtime dependency stays external and is installed from package.json.
    conditions: ['latch-source'],
    // Optional peers (@polkadot/api) too: a server that needs one finds it installed beside it.
    external: Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies }).flatMap((name) => [
      name,
      `${name}/*`,
    ]),
    logLevel: 'warning',
  }
}
