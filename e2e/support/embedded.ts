import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { build } from 'esbuild'
import config, { devProjectId, ports, webUrl } from '../playwright.config.js'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const frameUrl = `http://127.0.0.1:${ports.frame}/`
export const serverUrl = `http://localhost:${ports.server}`
export const HARNESS_PATH = '/__e2e/embedded.html'

let bundled: Promise<Map<string, string>> | undefined

/**
 * The page-side client (packages/frame/src/client), bundled once for the harness page, as ES
 * module chunks served under /__e2e/. Split, because a single-file esbuild bundle of it fails at
 * load ("Class extends value undefined"): esbuild wraps @latch/core's error base for the lazily
 * imported provider-service modules and then never initialises it for the static importers.
 */
export function frameClientBundle(): Promise<Map<string, string>> {
  bundled ??= build({
    entryPoints: { 'frame-client': path.join(root, 'packages/frame/src/client/index.ts') },
    bundle: true,
    splitting: true,
    outdir: '/__e2e',
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    conditions: ['latch-source', 'browser', 'module'],
    logLevel: 'silent',
  }).then(
    (result) => new Map(result.outputFiles.map((file) => [path.basename(file.path), file.text])),
  )
  return bundled
}

/**
 * A page of the app's origin that embeds the wallet, records every message it receives (on the
 * window and on any MessagePort), and exposes the client as `window.latch`.
 */
const harnessHtml = (
  projectId: string,
  walletOptions: Record<string, unknown> = {},
) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Embedded wallet harness</title></head><body><h1>Embedded wallet</h1>
<output data-testid="address"></output>
<script>
  window.__received = [];
  window.addEventListener('message', (e) => window.__received.push(e.data), true);
  const d = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage');
  Object.defineProperty(MessagePort.prototype, 'onmessage', {
    configurable: true,
    get() { return d.get.call(this) },
    set(fn) { d.set.call(this, (e) => { window.__received.push(e.data); return fn.call(this, e) }) },
  });
</script>
<script type="module">
  import { createEmbeddedWallet } from '/__e2e/frame-client.js';
  window.latch = createEmbeddedWallet({
    frameUrl: ${JSON.stringify(frameUrl)},
    projectId: ${JSON.stringify(projectId)},
    chainId: 'eip155:31337',
    version: 'e2e',
    enableLogger: false,
    rpcUrl: ${JSON.stringify(serverUrl)},
    ...${JSON.stringify(walletOptions)},
  });
  window.latchReady = window.latch.ready();
</script></body></html>`

/** The dev project the web app uses (fixed by the e2e stack: playwright.config.ts). */
export async function projectIdOf(page: Page): Promise<string> {
  await page.goto(webUrl)
  return devProjectId
}

/** Serves the harness at the app's origin and opens it; resolves once the frame is ready. */
export async function openHarness(
  page: Page,
  projectId: string,
  /** More createEmbeddedWallet options (smart-account.spec.ts: `smartAccountNetworks`). */
  walletOptions: Record<string, unknown> = {},
): Promise<void> {
  const files = await frameClientBundle()
  await page.route(`${webUrl}/__e2e/*.js`, (route) => {
    const body = files.get(path.basename(new URL(route.request().url()).pathname))
    return body === undefined
      ? route.fulfill({ status: 404 })
      : route.fulfill({ contentType: 'text/javascript', body })
  })
  await page.route(`${webUrl}${HARNESS_PATH}`, (route) =>
    route.fulfill({ contentType: 'text/html', body: harnessHtml(projectId, walletOptions) }),
  )
  await page.goto(`${webUrl}${HARNESS_PATH}`)
  await page.evaluate(() => (window as unknown as { latchReady: Promise<void> }).latchReady)
}

/**
 * Launch options for specs that embed the frame. The dev stack serves the app on localhost and
 * the frame on 127.0.0.1 (two sites, as in production), and pages served by route.fulfill count
 * as public: either way Chromium's Local Network Access checks get in the way (they deny the
 * frame its localStorage). In production app and frame are public sites, so no such check applies.
 */
export function withoutLocalNetworkAccessChecks() {
  return { launchOptions: launchWithoutLocalNetworkAccessChecks }
}

// One object for every spec: Playwright keys a worker by the identity of each worker option's
// value, so a fresh object per file gave every such file a worker (and a browser) of its own.
const baseLaunchOptions = config.use?.launchOptions ?? {}
const launchWithoutLocalNetworkAccessChecks = {
  ...baseLaunchOptions,
  args: [...(baseLaunchOptions.args ?? []), '--disable-features=LocalNetworkAccessChecks'],
}

/** The frame's own approval UI (shown above the page for an unsafe method). */
export const approvalView = (page: Page) =>
  page.frameLocator('iframe[data-latch-frame]').locator('[data-view="ApproveTransaction"]')
