/**
 * Builds the publishable `latch-server`: one ES module bundle per entry under `dist/`, with the
 * workspace's own packages (@latch/core/wire and the RPC transport) compiled in, so the tarball
 * needs none of them from a registry. Every runtime dependency stays external and is installed
 * from package.json as usual; migrations ship beside `dist/` in `drizzle/`.
 */
import { readFileSync, rmSync } from 'node:fs'
import { build } from 'esbuild'

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>
  engines: { node: string }
}
const dist = new URL('./dist/', import.meta.url)
rmSync(dist, { recursive: true, force: true })

const external = Object.keys(pkg.dependencies).flatMap((name) => [name, `${name}/*`])

await build({
  absWorkingDir: new URL('.', import.meta.url).pathname,
  entryPoints: ['src/bin.ts', 'src/index.ts'],
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: `node${pkg.engines.node.replace(/^>=/, '')}`,
  // The workspace packages are read from their TypeScript sources, as in development.
  conditions: ['latch-source'],
  external,
  sourcemap: true,
  logLevel: 'warning',
})
