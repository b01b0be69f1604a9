import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { build } from 'esbuild'
import { admin, devProjectId, ports } from '../playwright.config.js'
import { allowOrigin } from '../support/appkitApp.js'
import { readAccountHistory } from '../support/chainHistory.js'
import { injectTestWallet, TEST_WALLET_INFO } from '../support/wallet.js'

// The page of apps/web/core-only.html: @latch/core alone, no React (issue 31). The e2e stack
// serves a build of the web app, of which this page is no part, so the test bundles the page
// itself and serves it on a loopback port of its own, whose origin it adds to the dev project.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const webDir = path.join(root, 'apps/web')
const rpcUrl = `http://127.0.0.1:${ports.chain}`
const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** The page's module and its chunks (split: see e2e/support/embedded.ts), and what went in. */
async function bundlePage() {
  const env = {
    VITE_LATCH_SERVER_URL: `http://localhost:${ports.server}`,
    VITE_LATCH_PROJECT_ID: devProjectId,
    VITE_LATCH_CHAIN_RPC_URL: rpcUrl,
    VITE_LATCH_FRAME_URL: `http://127.0.0.1:${ports.frame}`,
    VITE_LATCH_WALLETCONNECT_PROJECT_ID: '',
    VITE_LATCH_WALLETCONNECT_RELAY_URL: '',
  }
  const result = await build({
    entryPoints: { main: path.join(webDir, 'src/coreOnly/main.ts') },
    bundle: true,
    splitting: true,
    outdir: '/core-only',
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    conditions: ['latch-source', 'browser', 'module'],
    metafile: true,
    logLevel: 'silent',
    define: {
      ...Object.fromEntries(
        Object.entries(env).map(([key, value]) => [
          `import.meta.env.${key}`,
          JSON.stringify(value),
        ]),
      ),
      'import.meta.env.DEV': 'true',
    },
  })
  const files = new Map(result.outputFiles.map((file) => [path.basename(file.path), file.text]))
  return { files, inputs: Object.keys(result.metafile.inputs) }
}

let server: Server | undefined
test.afterAll(() => server?.close())

/** Serves the page and its chunks on a free loopback port; resolves with the page's origin. */
async function servePage(html: string, files: Map<string, string>): Promise<string> {
  server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://x').pathname
    const script = pathname.startsWith('/core-only/') && files.get(path.basename(pathname))
    if (pathname === '/core-only.html') response.writeHead(200, { 'content-type': 'text/html' })
    else if (script) response.writeHead(200, { 'content-type': 'text/javascript' })
    else response.writeHead(404)
    response.end(pathname === '/core-only.html' ? html : script || '')
  })
  const listening = server
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve))
  const address = listening.address()
  if (!address || typeof address === 'string') throw new Error('the page server has no port')
  return `http://127.0.0.1:${address.port}`
}

test('a page with core alone connects the test wallet and lists its history, page after page', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const { files, inputs } = await bundlePage()
  // No React anywhere in what the page loads.
  expect(
    inputs.filter((input) => /node_modules\/(react|react-dom|scheduler)\//.test(input)),
  ).toEqual([])
  expect(inputs.some((input) => input.includes('packages/react/'))).toBe(false)

  const html = readFileSync(path.join(webDir, 'core-only.html'), 'utf8').replace(
    '/src/coreOnly/main.ts',
    '/core-only/main.js',
  )
  const origin = await servePage(html, files)
  // The server answers only the project's origins: this page's is added like an app's would be.
  await allowOrigin(admin, devProjectId, origin)
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  const chainTxs = await readAccountHistory(rpcUrl, ACCOUNT_0)
  const shown = new Set(chainTxs.filter((tx) => !tx.spamOnly).map((tx) => tx.hash.toLowerCase()))
  expect(shown.size).toBeGreaterThan(0)

  await injectTestWallet(page, { rpcUrl })
  await page.goto(`${origin}/core-only.html`)
  await page.getByRole('button', { name: TEST_WALLET_INFO.name }).click()
  await expect(page.getByTestId('core-account')).toHaveText(new RegExp(`^${ACCOUNT_0}$`, 'i'))

  const rows = page.getByTestId('core-history-row')
  await expect(rows.first()).toBeVisible()
  // Page after page until the server has no further one: the whole non-spam history, once each.
  const more = page.getByTestId('core-history-more')
  for (let i = 0; i < 100 && (await more.isVisible()); i++) {
    // The click sets the history loading at once; the next page ends it.
    await more.click()
    await expect(page.getByTestId('core-history-status')).not.toHaveText('Loading…')
  }
  const hashes = await rows.evaluateAll((els) =>
    els.map((el) => (el as HTMLElement).dataset.txHash?.toLowerCase()),
  )
  expect(new Set(hashes)).toEqual(shown)
  expect(hashes.length).toBe(shown.size)
  // Every script came from the page's own bundle: nothing of the React app was fetched.
  expect(scripts.every((script) => script.startsWith('/core-only/'))).toBe(true)
})
