import { expect, type Page, test } from '@playwright/test'
import { ports } from '../playwright.config.js'
import { connectButton, connectWithMouse, dialog } from '../support/app.js'
import { injectTestWallet } from '../support/wallet.js'

const rpcUrl = `http://127.0.0.1:${ports.chain}`
const SHOTS = 'e2e/artifacts/screenshots'

test.use({ viewport: { width: 360, height: 740 }, timezoneId: 'UTC' })

/** Nothing is wider than the viewport: no sideways scrolling. */
async function expectNoOverflow(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(360)
}

test('the app works at 360 px wide', async ({ page }) => {
  await injectTestWallet(page, { rpcUrl })
  await page.goto('/')
  await expect(page.getByTestId('chain-id')).toHaveText('31337')
  await expectNoOverflow(page)
  await page.screenshot({ path: `${SHOTS}/landing-360.png`, fullPage: true })

  await connectButton(page).click()
  const box = await dialog(page).boundingBox()
  expect(box).not.toBeNull()
  expect(box!.x).toBeGreaterThanOrEqual(0)
  expect(box!.x + box!.width).toBeLessThanOrEqual(360)
  expect(box!.y + box!.height).toBeLessThanOrEqual(740)
  await page.screenshot({ path: `${SHOTS}/connect-360.png` })
  await page.keyboard.press('Escape')

  await connectWithMouse(page)
  await expect(page.getByTestId('activity-row').first()).toBeVisible()
  await expect(connectButton(page)).toBeInViewport({ ratio: 1 })
  await expect(page.getByTestId('network-switcher')).toBeInViewport({ ratio: 1 })
  await expectNoOverflow(page)
  await page.screenshot({ path: `${SHOTS}/activity-page-360.png` })
})
