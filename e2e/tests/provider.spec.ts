import { expect, type Page, test } from '@playwright/test'
import { ports } from '../playwright.config.js'
import { connectWithMouse } from '../support/app.js'
import { injectTestWallet } from '../support/wallet.js'

const rpcUrl = `http://127.0.0.1:${ports.chain}`
const isAnalytics = (url: URL) =>
  url.pathname === '/getAnalyticsConfig' ||
  (url.pathname === '/e' && url.port === String(ports.server))

/** Connects the test wallet and switches network: both are tracked events. */
async function connectAndSwitch(page: Page) {
  await injectTestWallet(page, { rpcUrl })
  await page.goto('/')
  await connectWithMouse(page)
  await page.getByRole('button', { name: /Latch Dev Chain/ }).click()
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Ethereum/ })
    .first()
    .click()
  await expect(page.getByRole('banner')).toContainText('Ethereum')
}

function countAnalytics(page: Page) {
  const seen: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (isAnalytics(url)) seen.push(`${request.method()} ${url.pathname}`)
  })
  return seen
}

test('with analytics on, the page asks for the analytics config and reports events', async ({
  page,
}) => {
  const seen = countAnalytics(page)
  await connectAndSwitch(page)
  await expect.poll(() => seen.length).toBeGreaterThan(0)
})

test('with analytics off, the page makes no analytics request at all', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('latch-web.analytics', 'off'))
  const seen = countAnalytics(page)
  await connectAndSwitch(page)
  // Give any late beacon time to leave before counting.
  await page.waitForTimeout(1500)
  expect(seen).toEqual([])
})

test('a page on an origin the project does not allow gets the alert', async ({ page }) => {
  // *.localhost is loopback in Chromium, and a different origin from the allowed ones.
  await page.goto(`http://not-allowed.localhost:${ports.web}/`)
  await expect(page.getByText('Origin Not Allowed')).toBeVisible()
})

test('a page on an allowed origin gets no such alert', async ({ page }) => {
  const checked = page.waitForResponse((r) => r.url().includes('/projects/v1/origins'))
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Latch' })).toBeVisible()
  expect((await (await checked).json()).allowedOrigins).toContain(new URL(page.url()).origin)
  await page.waitForTimeout(500)
  await expect(page.getByText('Origin Not Allowed')).toHaveCount(0)
})
