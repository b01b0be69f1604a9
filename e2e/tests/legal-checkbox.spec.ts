import { expect, test } from '@playwright/test'
import { ports, webUrl } from '../playwright.config.js'
import { connectButton, dialog, expectAccessibleDialogInBothThemes } from '../support/app.js'
import { injectTestWallet, TEST_WALLET_INFO } from '../support/wallet.js'

// `features.legalCheckbox` (docs/behaviour.md#flags) in the web app, switched on by its
// development-only ?legalTerms= / ?legalPrivacy= (apps/web/src/devLegal.ts): the app's links, every
// way to connect disabled until the box is ticked, the tick remembered across a reload.

const rpcUrl = `http://127.0.0.1:${ports.chain}`
// On the app's own loopback origin: the links are checked, never followed.
const TERMS = `${webUrl}/legal/terms`
const PRIVACY = `${webUrl}/legal/privacy`
const PAGE = `/?legalTerms=${encodeURIComponent(TERMS)}&legalPrivacy=${encodeURIComponent(PRIVACY)}`

test('the legal checkbox gates connecting until ticked, and is remembered', async ({ page }) => {
  test.setTimeout(120_000)
  await injectTestWallet(page, { rpcUrl })
  await page.goto(PAGE)
  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Connect')

  const legal = dialog(page).getByTestId('legal-checkbox')
  const box = legal.getByRole('checkbox')
  const wallet = dialog(page).getByTestId(`wallet-${TEST_WALLET_INFO.rdns}`)
  await expect(legal).toBeVisible()
  await expect(legal.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', TERMS)
  await expect(legal.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', PRIVACY)
  // The links open away from the app, without handing it a window reference.
  await expect(legal.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
    'rel',
    /noopener/,
  )
  await expect(box).not.toBeChecked()
  await expect(wallet).toBeVisible()
  await expect(wallet).toBeDisabled()
  // Everything to connect with sits in one disabled fieldset (email and social included).
  await expect(dialog(page).getByTestId('legal-gate')).toHaveJSProperty('disabled', true)
  await expectAccessibleDialogInBothThemes(page)

  // A click on the disabled wallet does nothing: still the Connect view, still disconnected.
  await wallet.click({ force: true })
  await expect(dialog(page)).toHaveAttribute('data-view', 'Connect')
  await expect(connectButton(page)).not.toHaveAttribute('data-state', 'connected')

  await box.check()
  await expect(wallet).toBeEnabled()
  await expectAccessibleDialogInBothThemes(page)

  // A reload keeps the tick: the wallet is enabled at once.
  await page.reload()
  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Connect')
  await expect(box).toBeChecked()
  await expect(wallet).toBeEnabled()

  // Unticking asks again; ticking and picking the wallet connects.
  await box.uncheck()
  await expect(wallet).toBeDisabled()
  await box.check()
  await wallet.click()
  await expect(dialog(page)).toBeHidden()
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected')
})

test('without the flag there is no checkbox and the wallet is enabled', async ({ page }) => {
  await injectTestWallet(page, { rpcUrl })
  await page.goto('/')
  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Connect')
  await expect(dialog(page).getByTestId(`wallet-${TEST_WALLET_INFO.rdns}`)).toBeEnabled()
  await expect(dialog(page).getByTestId('legal-checkbox')).toHaveCount(0)
})
