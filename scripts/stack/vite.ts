/**
 * How `npm start` serves the web app and the secure frame: Vite's dev server (hot reload, the
 * default), or a build served by Vite's preview server (`LATCH_STACK_WEB=built`, which the e2e
 * stack uses). The dev server sends every source module as its own request — 200 to 500 per page
 * load, seconds each on two busy cores — and an e2e run loads a page well over a hundred times;
 * a build is a handful of files (docs/benchmarks.md#e2e-time-the-built-web-app).
 */
import path from 'node:path'
import { build, createServer, preview } from 'vite'

export type StackWebMode = 'dev' | 'built'

export interface ServedApp {
  close(): Promise<void>
}

export class StackWebModeError extends Error {
  override name = 'StackWebModeError'
}

/** `LATCH_STACK_WEB`: `dev` (unset) or `built`; anything else is named in the error. */
export function readStackWebMode(value: string | undefined): StackWebMode {
  if (value === undefined || value === '' || value === 'dev') return 'dev'
  if (value === 'built') return 'built'
  throw new StackWebModeError(`LATCH_STACK_WEB: must be "dev" or "built", got "${value}"`)
}

interface ServeOptions {
  root: string
  /** The app's folder under the repository root, e.g. `apps/web`. */
  dir: string
  host: string
  port: number
  /** Where a build goes; a folder of the stack's own data, never the package's dist/. */
  outDir: string
}

export async function serveApp(mode: StackWebMode, options: ServeOptions): Promise<ServedApp> {
  return mode === 'built' ? serveBuilt(options) : serveDev(options)
}

async function serveDev({ root, dir, host, port }: ServeOptions): Promise<ServedApp> {
  const server = await createServer({
    root: path.join(root, dir),
    configFile: path.join(root, dir, 'vite.config.ts'),
    server: { host, port, strictPort: true },
    logLevel: 'warn',
    clearScreen: false,
  })
  await server.listen()
  return { close: () => server.close() }
}

/**
 * Built with `import.meta.env.DEV` kept true (a build would fold it to false), so the app offers
 * the dev chain and its e2e handles exactly as under the dev server; React and the bundle are the
 * production ones, and the frame's preview server sends the production CSP (the frame's
 * vite.config.ts passes `dev` to its CSP only on the dev server).
 */
async function serveBuilt({ root, dir, host, port, outDir }: ServeOptions): Promise<ServedApp> {
  const shared = {
    root: path.join(root, dir),
    configFile: path.join(root, dir, 'vite.config.ts'),
    mode: 'development',
    logLevel: 'warn' as const,
    clearScreen: false,
  }
  await build({
    ...shared,
    define: { 'import.meta.env.DEV': 'true', 'import.meta.env.PROD': 'false' },
    // Unminified: the build is for tests on this machine, and a failure's trace stays readable.
    build: { outDir, emptyOutDir: true, minify: false },
  })
  const server = await preview({
    ...shared,
    build: { outDir },
    preview: { host, port, strictPort: true },
  })
  return { close: () => server.close() }
}
