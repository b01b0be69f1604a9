import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import { TEST_WALLET_INFO } from './wallet.js'

export const connectButton = (page: Page) =>
  page.getByRole('banner').getByTestId('latch-connect-button')

export const dialog = (page: Page) => page.getByRole('dialog')

/** The embedded wallet's address, as the web app's dev hook reads it from the AUTH connector. */
export const signedInAddress = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as {
      __latchDev: { auth: { getUser(): { address: string } | undefined } }
    }
    return w.__latchDev.auth.getUser()?.address
  })

/** Connects the injected test wallet through the modal, with the mouse. */
export async function connectWithMouse(page: Page): Promise<void> {
  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Connect')
  await page.getByTestId(`wallet-${TEST_WALLET_INFO.rdns}`).click()
  await expect(dialog(page)).toBeHidden()
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected')
}

/** Scrolls the history until the server has no further page; returns how many rows it shows. */
export async function scrollToEnd(page: Page): Promise<number> {
  const sentinel = page.getByTestId('activity-sentinel')
  const rows = page.getByTestId('activity-row')
  for (let i = 0; i < 200 && (await sentinel.count()) > 0; i++) {
    const before = await rows.count()
    await sentinel.scrollIntoViewIfNeeded().catch(() => {})
    // The next page arrived (more rows) or there is none left (no sentinel).
    await expect
      .poll(async () => (await sentinel.count()) === 0 || (await rows.count()) > before)
      .toBe(true)
  }
  await expect(sentinel).toHaveCount(0)
  await expect(page.locator('.latch-activity[aria-busy="true"]')).toHaveCount(0)
  return page.getByTestId('activity-row').count()
}

/** axe over the open dialog in the light and the dark theme must find nothing. */
export async function expectAccessibleDialogInBothThemes(page: Page): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme })
    const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze()
    expect(
      results.violations.map((v) => v.id),
      theme,
    ).toEqual([])
  }
}
