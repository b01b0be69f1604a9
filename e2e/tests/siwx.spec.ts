import { expect, type Page, test } from '@playwright/test'
import { mnemonicToAccount } from 'viem/accounts'
import { ports } from '../playwright.config.js'
import { connectButton, dialog, expectAccessibleDialogInBothThemes } from '../support/app.js'
import { injectTestWallet, TEST_WALLET_INFO } from '../support/wallet.js'

// Sign in with the wallet, required by the app (the web app's `?siwx=required` demo), against
// the e2e stack's server: dev accounts 7 (and 3 for "another account"), used by no other spec.
test.describe.configure({ mode: 'serial' })

const rpcUrl = `http://127.0.0.1:${ports.chain}`
const MNEMONIC = 'test test test test test test test test test test test junk'
const first = mnemonicToAccount(MNEMONIC, { addressIndex: 7 }).address
const OTHER_WALLET = {
  uuid: '6f1d2a8e-3b4c-4e5f-8a9b-0c1d2e3f4a5b',
  name: 'Other Test Wallet',
  icon: TEST_WALLET_INFO.icon,
  rdns: 'dev.latch.otherwallet',
}

let page: Page
test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext()).newPage()
  await injectTestWallet(page, { rpcUrl, accountIndex: 7 })
  await injectTestWallet(page, { rpcUrl, accountIndex: 3, info: OTHER_WALLET })
  await page.goto('/?siwx=required')
})
test.afterAll(() => page.context().close())

async function connect(rdns: string) {
  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Connect')
  await page.getByTestId(`wallet-${rdns}`).click()
  // Connected without a session: the sign-in view opens by itself.
  await expect(dialog(page)).toHaveAttribute('data-view', 'SIWXSignMessage')
}

test('required sign-in cannot be dismissed; cancelling disconnects', async () => {
  await connect(TEST_WALLET_INFO.rdns)
  await expect(dialog(page).getByRole('button', { name: 'Close' })).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(dialog(page)).toHaveAttribute('data-view', 'SIWXSignMessage')
  await expectAccessibleDialogInBothThemes(page)
  await dialog(page).getByRole('button', { name: 'Cancel and disconnect' }).click()
  await expect(connectButton(page)).toHaveAttribute('data-state', 'disconnected')
  await expect(dialog(page)).toBeHidden()
})

test('signing in closes the modal; the session survives a reload', async () => {
  await connect(TEST_WALLET_INFO.rdns)
  await dialog(page).getByRole('button', { name: 'Sign in' }).click()
  await expect(dialog(page)).toBeHidden()
  const status = page.getByTestId('siwx-status')
  await expect(status).toContainText('Signed in with your wallet until')
  const until = await status.locator('time').getAttribute('datetime')
  // The server's default session: 7 days.
  expect(Date.parse(until ?? '') - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000)

  await page.reload()
  await expect(status).toContainText('Signed in with your wallet until')
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected')
  await expect(dialog(page)).toBeHidden()
  const account = await page.evaluate(() => localStorage.getItem('@latch/siwxTokens'))
  expect(account?.toLowerCase()).toContain(`eip155:31337:${first.toLowerCase()}`)
})

test('a network without a session asks again; Cancel goes back to the signed-in network', async () => {
  await page.getByTestId('network-switcher').click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Networks')
  await page.getByTestId('network-eip155:11155111').click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'SIWXSignMessage')
  await expect(page.getByTestId('network-switcher')).toContainText('Sepolia')
  await dialog(page).getByRole('button', { name: 'Cancel and go back to Latch Dev Chain' }).click()
  await expect(dialog(page)).toBeHidden()
  await expect(page.getByTestId('network-switcher')).toContainText('Latch Dev Chain')
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected')
  await expect(page.getByTestId('siwx-status')).toContainText('Signed in with your wallet until')
})

test('another account without a session is asked again; signing out asks on the next connect', async () => {
  await connectButton(page).click()
  await dialog(page).getByTestId('disconnect').click()
  await expect(connectButton(page)).toHaveAttribute('data-state', 'disconnected')
  await connect(OTHER_WALLET.rdns)
  await dialog(page).getByRole('button', { name: 'Sign in' }).click()
  await expect(dialog(page)).toBeHidden()
  const status = page.getByTestId('siwx-status')
  await expect(status).toContainText('Signed in with your wallet until')
  await status.getByRole('button', { name: 'Sign out' }).click()
  await expect(status).toContainText('Not signed in with this wallet.')
  await page.reload()
  // No session any more: the view asks again as the wallet reconnects.
  await expect(dialog(page)).toHaveAttribute('data-view', 'SIWXSignMessage')
})
