/// <reference lib="dom" />
/**
 * What WalletConnect costs the web app (not a test: it prints numbers).
 *
 *   npx tsx --conditions=latch-source scripts/bench/walletconnect.ts [--runs 11] [--write]
 *
 * Builds apps/web for production with WalletConnect configured against the dev relay, serves it on
 * loopback and opens it in headless Chromium, a fresh context (empty cache) per run. It prints:
 *   1. JS fetched before the first click (load and the idle prefetch of the modal), gzip level 9,
 *      in KiB: the web budget's number, which WalletConnect must leave alone (≤ 120 KiB); then what
 *      opening the modal adds.
 *   2. JS fetched after the click on WalletConnect: the view and the SDK chunks, gzip, in KiB.
 *   3. click on WalletConnect → the frame that paints the QR code: the chunks' download, the SDK's
 *      start, its relay connection and the session proposal, median and range over the runs.
 * `--write` appends the numbers to docs/benchmarks.md.
 */
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { cpus, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { build } from 'vite'
import { DEV_WALLETCONNECT_PROJECT_ID, startDevRelay } from '../relay/index.js'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const args = process.argv.slice(2)
const runs = Number(args[args.indexOf('--runs') + 1]) || 11
const write = args.includes('--write')

function serve(dir: string): Promise<Server> {
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.svg': 'image/svg+xml',
  }
  const server = createServer((req, res) => {
    let file = path.join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname))
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory())
      file = path.join(dir, 'index.html')
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' })
    res.end(readFileSync(file))
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1)
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

// Clicks WalletConnect from inside the page and resolves with the time to the frame after the QR
// code is in the DOM. A string: tsx would wrap a function with a helper the page lacks.
const clickToQr = `new Promise((resolve) => {
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[data-testid="walletconnect-qr"]')) return;
    observer.disconnect();
    requestAnimationFrame(() => resolve(performance.now() - start));
  });
  observer.observe(document, { childList: true, subtree: true });
  const start = performance.now();
  document.querySelector('[data-testid="wallet-walletConnect"]').click();
})`

async function main() {
  const relay = await startDevRelay({ projectId: DEV_WALLETCONNECT_PROJECT_ID })
  const outDir = mkdtempSync(path.join(tmpdir(), 'latch-bench-wc-'))
  process.env.VITE_LATCH_WALLETCONNECT_PROJECT_ID = DEV_WALLETCONNECT_PROJECT_ID
  process.env.VITE_LATCH_WALLETCONNECT_RELAY_URL = relay.url
  await build({
    root: path.join(root, 'apps/web'),
    configFile: path.join(root, 'apps/web/vite.config.ts'),
    build: { outDir, emptyOutDir: true },
    logLevel: 'warn',
  })
  const server = await serve(outDir)
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  })
  const before = new Map<string, number>()
  const modal = new Map<string, number>()
  const after = new Map<string, number>()
  const times: number[] = []
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      const page = await context.newPage()
      let phase: Map<string, number> = before
      page.on('response', async (response) => {
        if (response.request().resourceType() !== 'script') return
        // The phase the response arrived in, not the one its body is read in.
        const into = phase
        const body = await response.body().catch(() => undefined)
        if (body) into.set(response.url().replace(/^.*\//, ''), gzipSync(body, { level: 9 }).length)
      })
      await page.goto(url, { waitUntil: 'networkidle' })
      await page.waitForTimeout(1500)
      phase = modal
      await page.click('[data-testid="latch-connect-button"]')
      await page.waitForSelector('[data-testid="wallet-walletConnect"]')
      await page.waitForLoadState('networkidle')
      phase = after
      times.push(Number(await page.evaluate(clickToQr)))
      await page.waitForLoadState('networkidle')
      await context.close()
    }
  } finally {
    await browser.close()
    server.close()
    await relay.stop()
    rmSync(outDir, { recursive: true, force: true })
  }
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0)
  const list = (m: Map<string, number>) =>
    [...m].map(([name, bytes]) => `${name} ${kib(bytes)}`).join(', ')
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')
  const lines = [
    `JS before the first click: ${kib(sum(before))} KiB gzip (${list(before)}; budget ≤ 120)`,
    `JS the modal's opening adds: ${kib(sum(modal))} KiB gzip (${list(modal) || 'none'})`,
    `JS after the WalletConnect click: ${kib(sum(after))} KiB gzip (${list(after)})`,
    `click → QR painted: median ${median(times).toFixed(0)} ms, ${Math.min(...times).toFixed(0)}–${Math.max(...times).toFixed(0)} ms over ${runs} cold runs`,
    `machine: ${cpus().length} cores, load average ${load}`,
  ]
  for (const line of lines) console.log(line)
  if (write)
    appendFileSync(
      path.join(root, 'docs/benchmarks.md'),
      `\n### WalletConnect (${new Date().toISOString().slice(0, 10)})\n\n` +
        '`npx tsx --conditions=latch-source scripts/bench/walletconnect.ts --runs ' +
        `${runs}\`: the production build with WalletConnect on the dev relay, headless Chromium.\n\n` +
        lines.map((l) => `- ${l}`).join('\n') +
        '\n',
    )
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
