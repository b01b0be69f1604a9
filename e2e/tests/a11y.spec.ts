import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { ports } from '../playwright.config.js'
import { connectButton, dialog } from '../support/app.js'
import { injectTestWallet, TEST_WALLET_INFO } from '../support/wallet.js'

const rpcUrl = `http://127.0.0.1:${ports.chain}`
const SHOTS = 'e2e/artifacts/screenshots'

test.use({ timezoneId: 'UTC', viewport: { width: 1280, height: 800 } })

/** axe over the whole page (the modal included) must find nothing; a screenshot is kept. */
async function audit(page: Page, name: string, theme: string) {
  // Let transitions and images settle so the screenshot and contrast checks see the final state.
  await page.waitForTimeout(150)
  await page.screenshot({ path: `${SHOTS}/${name}-${theme}.png` })
  const results = await new AxeBuilder({ page }).analyze()
  const summary = results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
  }))
  expect(summary, `${name} (${theme})`).toEqual([])
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme })

    test(`every view passes axe (${theme})`, async ({ page }) => {
      test.setTimeout(240_000)
      const wallet = await injectTestWallet(page, { rpcUrl })
      await page.goto('/')
      await expect(page.getByTestId('chain-id')).toHaveText('31337')
      await audit(page, 'landing', theme)

      await connectButton(page).click()
      await expect(dialog(page)).toHaveAttribute('data-view', 'Connect')
      await expect(page.getByTestId(`wallet-${TEST_WALLET_INFO.rdns}`)).toBeVisible()
      await audit(page, 'connect', theme)

      await page.getByTestId('all-wallets').click()
      await expect(dialog(page)).toHaveAttribute('data-view', 'AllWallets')
      await expect(page.getByTestId('wallets-searching')).toHaveCount(0)
      await page.waitForLoadState('networkidle')
      await audit(page, 'all-wallets', theme)
      await page.getByRole('button', { name: 'Back', exact: true }).click()

      // The wallet waits for the user: the connecting view with its spinner.
      const release = wallet.hold('wallet_requestPermissions', 'eth_requestAccounts')
      await page.getByTestId(`wallet-${TEST_WALLET_INFO.rdns}`).click()
      await expect(page.getByTestId('view-connecting')).toHaveAttribute('data-phase', 'connecting')
      await audit(page, 'connecting', theme)
      wallet.behaviour.rejectConnect = true
      release()
      await expect(page.getByTestId('view-connecting')).toHaveAttribute('data-phase', 'rejected')
      await expect(dialog(page)).toContainText('Connection rejected')
      await audit(page, 'connecting-rejected', theme)
      await page.getByRole('button', { name: 'Try again' }).click()
      await expect(dialog(page)).toBeHidden()
      await expect(connectButton(page)).toHaveAttribute('data-state', 'connected')

      await expect(page.getByTestId('activity-row').first()).toBeVisible()
      await audit(page, 'activity-page', theme)

      await connectButton(page).click()
      await expect(dialog(page)).toHaveAttribute('data-view', 'Account')
      await expect(page.getByTestId('account-balance')).toContainText('ETH')
      await audit(page, 'account', theme)

      await page.getByRole('button', { name: 'Activity' }).click()
      await expect(dialog(page)).toHaveAttribute('data-view', 'Activity')
      await expect(dialog(page).getByTestId('activity-row').first()).toBeVisible()
      await audit(page, 'activity-modal', theme)
      await page.getByRole('button', { name: 'Back', exact: true }).click()

      await page.getByTestId('account-network').click()
      await expect(dialog(page)).toHaveAttribute('data-view', 'Networks')
      await audit(page, 'networks', theme)

      const releaseSwitch = wallet.hold('wallet_switchEthereumChain', 'wallet_addEthereumChain')
      await page.getByTestId('network-eip155:11155111').click()
      await expect(dialog(page)).toHaveAttribute('data-view', 'SwitchNetwork')
      await audit(page, 'switch-network', theme)
      // The user declines: back to the list, with an alert.
      wallet.behaviour.rejectSwitch = true
      releaseSwitch()
      await expect(dialog(page)).toHaveAttribute('data-view', 'Networks')
      await expect(page.getByTestId('latch-snackbar')).toHaveText(/Switch network failed/)
      await audit(page, 'switch-failed-alert', theme)
      wallet.behaviour.rejectSwitch = false
      await page.keyboard.press('Escape')
      await expect(dialog(page)).toBeHidden()

      // The wallet moves to a chain the app does not list.
      wallet.emit('chainChanged', '0x2a')
      await expect(dialog(page)).toHaveAttribute('data-view', 'UnsupportedChain')
      await audit(page, 'unsupported-chain', theme)
    })
  })
}

test('the whole connect flow works from the keyboard alone', async ({ page }) => {
  await injectTestWallet(page, { rpcUrl })
  await page.goto('/')
  await expect(page.getByTestId('chain-id')).toHaveText('31337')

  // Tab from the top of the page to the header's connect button.
  let reached = false
  for (let i = 0; i < 10 && !reached; i++) {
    await page.keyboard.press('Tab')
    reached = await connectButton(page).evaluate((el) => el === document.activeElement)
  }
  expect(reached).toBe(true)
  await page.keyboard.press('Enter')
  await expect(dialog(page)).toHaveAttribute('data-view', 'Connect')
  // Focus moved into the dialog, on the first wallet: WalletConnect leads the sections.
  await expect(page.getByTestId('wallet-walletConnect')).toBeFocused()

  // Tab stays inside the dialog.
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab')
    expect(await dialog(page).evaluate((el) => el.contains(document.activeElement))).toBe(true)
  }
  // Escape closes and gives focus back to the button.
  await page.keyboard.press('Escape')
  await expect(dialog(page)).toBeHidden()
  await expect(connectButton(page)).toBeFocused()

  await page.keyboard.press('Enter')
  await expect(page.getByTestId('wallet-walletConnect')).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByTestId(`wallet-${TEST_WALLET_INFO.rdns}`)).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(dialog(page)).toBeHidden()
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected')
  await expect(page.getByTestId('activity-row').first()).toBeVisible()
})

test('the modal is 360 px wide and follows the OS theme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.goto('/')
  await connectButton(page).click()
  const box = await page.getByTestId('latch-modal').boundingBox()
  expect(box?.width).toBe(360)
  await expect(page.locator('.latch-overlay')).toHaveAttribute('data-theme', 'dark')
  await page.emulateMedia({ colorScheme: 'light' })
  await expect(page.locator('.latch-overlay')).toHaveAttribute('data-theme', 'light')
  // Appended to the body, outside the app's root.
  expect(await page.locator('body > .latch-overlay').count()).toBe(1)
})
