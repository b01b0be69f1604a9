import { readdirSync, readFileSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { truncateAddress } from '../../packages/core/src/format/address.js'
import {
  type BundleSize,
  buildAndPack,
  createConsumer,
  installed,
  measureBundle,
  serveWithCsp,
  tempDir,
  typecheckAndBuild,
  writeArtifact,
} from '../consumer/consumer.js'
import { ports, webUrl } from '../playwright.config.js'
import { injectTestWallet, TEST_WALLET_INFO } from '../support/wallet.js'

// The acceptance test: the three libraries, packed as npm would publish them, installed
// into a fresh Vite + React app outside the workspace (no `latch-source` condition, no workspace
// links), built, served under a strict CSP, and connected to a wallet in Chromium. Once per
// supported React major. The React 19 app lets Latch inject its styles with the page's nonce;
// the React 18 app imports `@latch/react/styles.css` and turns injection off.

test.describe.configure({ mode: 'serial' })

const chainUrl = `http://127.0.0.1:${ports.chain}`
// The workspace type-checks against React 19's types; the React 18 app checks the packed
// declarations (skipLibCheck off) against React 18's. Once is enough: it takes most of a minute.
const variants = [
  { reactMajor: 19, cssFile: false, typecheck: false, port: ports.web + 30 },
  { reactMajor: 18, cssFile: true, typecheck: true, port: ports.web + 31 },
] as const
const apps = new Map<number, string>()
const temporary: string[] = []
const sizes: Record<string, BundleSize> = {}

/** Every copy of a package npm installed, nested ones included (two copies break instanceof). */
function copiesOf(dir: string, name: string): string[] {
  const found: string[] = []
  const walk = (modules: string) => {
    for (const entry of readdirSync(modules, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name === '.bin') continue
      const children = entry.name.startsWith('@')
        ? readdirSync(path.join(modules, entry.name)).map((n) => `${entry.name}/${n}`)
        : [entry.name]
      for (const child of children) {
        const folder = path.join(modules, child)
        if (child === name) found.push(folder)
        const nested = path.join(folder, 'node_modules')
        if (readdirSync(folder).includes('node_modules')) walk(nested)
      }
    }
  }
  walk(path.join(dir, 'node_modules'))
  return found
}

/** Logs how long each step took, so a slow run shows where its time went. */
async function step<T>(name: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now()
  const result = await work()
  console.log(`consumer: ${name} in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  return result
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000)
  // The e2e stack's dev project and server, as the stack's own web app uses them.
  const page = await browser.newPage()
  const scoped = page.waitForRequest((r) => new URL(r.url()).searchParams.has('projectId'))
  await page.goto(webUrl)
  const scopedUrl = new URL((await scoped).url())
  await page.close()
  const env = {
    VITE_PROJECT_ID: scopedUrl.searchParams.get('projectId')!,
    VITE_SERVER_URL: scopedUrl.origin,
    VITE_CHAIN_RPC_URL: chainUrl,
  }

  const packs = tempDir('tarballs')
  temporary.push(packs)
  const tarballs = await step('build and pack the libraries', () => buildAndPack(packs))
  const dirs = await step('install two consumer apps', () =>
    Promise.all(
      variants.map((v) =>
        createConsumer({ reactMajor: v.reactMajor, cssFile: v.cssFile, tarballs, env }),
      ),
    ),
  )
  await step('typecheck and build them', () =>
    Promise.all(dirs.map((dir, i) => typecheckAndBuild(dir, variants[i]!.typecheck))),
  )
  temporary.push(...dirs)
  variants.forEach((v, i) => {
    apps.set(v.reactMajor, dirs[i]!)
    sizes[`react${v.reactMajor}`] = measureBundle(dirs[i]!)
  })
  const artifact = writeArtifact('consumer-bundle.json', {
    measuredAt: new Date().toISOString(),
    method: 'gzip level 9 of the entry script and its modulepreloads in the built index.html',
    ...sizes,
  })
  for (const [name, size] of Object.entries(sizes))
    console.log(
      `consumer app (${name}): first-load JS ${(size.firstLoadGzipBytes / 1024).toFixed(1)} KiB gzip ` +
        `in ${size.firstLoadFiles.length} file(s); all JS ${(size.allJsGzipBytes / 1024).toFixed(1)} KiB gzip → ${artifact}`,
    )
})

// Each app is some 200 MB of node_modules; LATCH_KEEP_CONSUMER=1 keeps them to look into.
test.afterAll(() => {
  if (process.env.LATCH_KEEP_CONSUMER) return
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true })
})

for (const variant of variants) {
  test(`React ${variant.reactMajor}: the packed libraries install, build and connect a wallet`, async ({
    page,
  }) => {
    const dir = apps.get(variant.reactMajor)!
    expect(installed(dir, 'react').version.split('.')[0]).toBe(String(variant.reactMajor))
    // One viem and one @wagmi/core for the dapp and Latch alike: the libraries take them as peers.
    expect(copiesOf(dir, 'viem')).toHaveLength(1)
    expect(copiesOf(dir, '@wagmi/core')).toHaveLength(1)
    const reactEntry = readFileSync(
      path.join(installed(dir, '@latch/react').dir, 'dist/index.js'),
      'utf8',
    )
    expect(reactEntry.startsWith("'use client'")).toBe(true)

    let server: Server | undefined
    try {
      server = await serveWithCsp(dir, variant.port, [
        new URL(readEnv(dir).VITE_SERVER_URL).origin,
        chainUrl,
      ])
      const refused: string[] = []
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) refused.push(message.text())
      })
      const wallet = await injectTestWallet(page, { rpcUrl: chainUrl })
      await page.goto(`http://127.0.0.1:${variant.port}/`)

      const button = page.getByTestId('latch-connect-button')
      await button.click()
      const dialog = page.getByRole('dialog')
      await expect(dialog).toHaveAttribute('data-view', 'Connect')
      // Latch's stylesheet applies although the page allows no inline style.
      await expect(page.locator('.latch-overlay')).toHaveCSS('position', 'fixed')
      await expect(button).toHaveCSS('border-top-left-radius', '16px')
      await expect(page.locator(`style[data-latch]`)).toHaveCount(variant.cssFile ? 0 : 2)

      await page.getByTestId(`wallet-${TEST_WALLET_INFO.rdns}`).click()
      await expect(dialog).toBeHidden()
      await expect(button).toHaveAttribute('data-state', 'connected')
      await expect(button).toHaveText(truncateAddress(wallet.address))
      expect(refused).toEqual([])

      // The policy is really in force: a style without the nonce, as injected content would
      // add it, is refused.
      const probe = await page.evaluate(() => {
        const style = document.createElement('style')
        style.textContent = 'body { --latch-probe: injected; }'
        document.head.append(style)
        return getComputedStyle(document.body).getPropertyValue('--latch-probe')
      })
      expect(probe).toBe('')
    } finally {
      await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined))
    }
  })
}

function readEnv(dir: string): Record<string, string> {
  return Object.fromEntries(
    readFileSync(path.join(dir, '.env'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split('=', 2) as [string, string]),
  )
}
