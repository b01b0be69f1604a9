/// <reference lib="dom" />
/**
 * Size and speed budget of the web app (not a test: it prints numbers).
 *
 *   npx tsx --conditions=latch-source scripts/bench/web-budget.ts [--runs 21] [--write]
 *
 * Builds apps/web for production into a temp dir, serves it on loopback, opens it in headless
 * Chromium and records every request until the first click on the connect button:
 *   1. JS fetched before the first click, gzip-compressed here (level 9), in KiB: target ≤ 140.
 *   2. click → modal visible, median over runs: from the click event's timestamp to the frame
 *      that first paints the dialog (the next animation frame after it is in the DOM): target ≤ 25 ms.
 * `--write` appends the numbers to docs/benchmarks.md.
 */
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { build } from 'vite'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const webDir = path.join(root, 'apps/web')
const BUDGET_KIB = 140
const BUDGET_MS = 25
const args = process.argv.slice(2)
const runs = Number(args[args.indexOf('--runs') + 1]) || 21
const write = args.includes('--write')

const types: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
}

function serve(dir: string): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    let file = path.join(dir, decodeURIComponent(url.pathname))
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory())
      file = path.join(dir, 'index.html')
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' })
    res.end(readFileSync(file))
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

async function main() {
  const outDir = mkdtempSync(path.join(tmpdir(), 'latch-web-budget-'))
  try {
    await build({
      root: webDir,
      configFile: path.join(webDir, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, sourcemap: false },
    })
    const server = await serve(outDir)
    const { port } = server.address() as AddressInfo
    const url = `http://localhost:${port}/`
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    })
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
      // tsx compiles the evaluate callbacks with esbuild's name helper; the page needs it too.
      await page.addInitScript('window.__name = (f) => f')
      const scripts = new Map<string, number>()
      let clicked = false
      page.on('response', async (response) => {
        if (clicked || response.request().resourceType() !== 'script') return
        const body = await response.body().catch(() => undefined)
        if (body) scripts.set(response.url(), gzipSync(body, { level: 9 }).length)
      })
      await page.goto(url, { waitUntil: 'networkidle' })
      // The idle-time prefetch of the modal chunk counts: it is fetched before the click.
      await page.waitForTimeout(2500)
      const kib = [...scripts.values()].reduce((a, b) => a + b, 0) / 1024

      await page.evaluate(() => {
        const w = window as unknown as { __clicks: number[] }
        w.__clicks = []
        window.addEventListener('click', (e) => w.__clicks.push(e.timeStamp), true)
      })
      const button = page.getByTestId('latch-connect-button').first()
      const timings: number[] = []
      for (let i = 0; i < runs; i++) {
        const shown = page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              const seen = () => {
                const dialog = document.querySelector('[role="dialog"]')
                return dialog && dialog.getBoundingClientRect().width > 0
              }
              const done = () => requestAnimationFrame(() => resolve(performance.now()))
              if (seen()) return done()
              const observer = new MutationObserver(() => {
                if (!seen()) return
                observer.disconnect()
                done()
              })
              observer.observe(document.body, { childList: true, subtree: true })
            }),
        )
        await button.click()
        clicked = true
        const paintedAt = await shown
        const clickAt = await page.evaluate(
          () => (window as unknown as { __clicks: number[] }).__clicks.at(-1) ?? 0,
        )
        timings.push(paintedAt - clickAt)
        await page.keyboard.press('Escape')
        await page.locator('[role="dialog"]').waitFor({ state: 'detached' })
        await page.waitForTimeout(50)
      }
      const ms = median(timings)
      const first = timings[0] ?? 0
      const lines = [
        `web app budget (production build, headless Chromium, ${new Date().toISOString().slice(0, 10)})`,
        `  JS before the first click: ${kib.toFixed(1)} KiB gzip in ${scripts.size} files (budget ${BUDGET_KIB}: ${(kib / BUDGET_KIB).toFixed(2)}×)`,
        ...[...scripts].map(
          ([u, size]) => `    ${new URL(u).pathname.padEnd(44)} ${(size / 1024).toFixed(1)} KiB`,
        ),
        `  click → modal painted: median ${ms.toFixed(1)} ms over ${runs} runs, first ${first.toFixed(1)} ms, min ${Math.min(...timings).toFixed(1)}, max ${Math.max(...timings).toFixed(1)} (budget ${BUDGET_MS}: ${(ms / BUDGET_MS).toFixed(2)}×)`,
      ]
      console.log(lines.join('\n'))
      if (write) {
        const doc = path.join(root, 'docs/benchmarks.md')
        const header = existsSync(doc) ? '' : '# Benchmarks\n'
        appendFileSync(
          doc,
          `${header}\n## Web app: size and speed budget\n\n\`npx tsx --conditions=latch-source scripts/bench/web-budget.ts --runs ${runs}\`\n\n\`\`\`\n${lines.join('\n')}\n\`\`\`\n`,
        )
      }
    } finally {
      await browser.close()
      server.close()
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true })
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
