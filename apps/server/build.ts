/**
 * Builds the publishable `latch-server`: one ES module bundle per entry under `dist/`, with the
 * workspace's own packages (@latch/core/wire and the RPC transport) compiled in, so the tarball
 * needs none of them from a registry. Every runtime dependency stays external and is installed
 * from package.json as usual; migrations ship beside `dist/` in `drizzle/`.
 */
import { rmSync } from 'node:fs'
import { build } from 'esbuild'
import { serverBundleOptions } from './bundle-options.js'

rmSync(new URL('./dist/', import.meta.url), { recursive: true, force: true })
await build({ ...serverBundleOptions('dist'), sourcemap: true })
