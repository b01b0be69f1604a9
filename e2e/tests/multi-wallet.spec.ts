import { expect, type Page, test } from '@playwright/test'
import { type Hex, verifyMessage } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { admin, ports } from '../playwright.config.js'
import {
  connectButton,
  connectWithMouse,
  dialog,
  expectAccessibleDialogInBothThemes,
} from '../support/app.js'
import { injectTestWallet, TEST_WALLET_INFO } from '../support/wallet.js'

// Several wallets at once (multi-wallet): two EIP-6963 test wallets in one page, on dev accounts 4
// and 5, which no other spec uses. The project's remote config turns the feature on and off.
test.describe.configure({ mode: 'serial' })

const rpcUrl = `http://127.0.0.1:${ports.chain}`
const MNEMONIC = 'test test test test test test test test test test test junk'
const first = mnemonicToAccount(MNEMONIC, { addressIndex: 4 }).address
const second = mnemonicToAccount(MNEMONIC, { addressIndex: 5 }).address
const SECOND_WALLET = {
  uuid: '0c7e1a52-5d7b-4d55-9d1c-2f5a3f0b7e11',
  name: 'Second Test Wallet',
  icon: TEST_WALLET_INFO.icon,
  rdns: 'dev.latch.secondwallet',
}

async function setMultiWallet(projectId: string, multiWallet: boolean) {
  const response = await fetch(`${admin.url}/admin/v1/projects/${projectId}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ features: { multiWallet } }),
  })
  expect(response.status, await response.text()).toBe(200)
}

/** The Account view's full address of the active wallet. */
async function activeAddress(page: Page) {
  if (!(await dialog(page).isVisible())) await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Account')
  return dialog(page).getByTestId('account-name').getAttribute('title')
}

const walletRows = (page: Page) => dialog(page).getByTestId('profile-wallet')

let page: Page
let projectId = ''
test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext()).newPage()
  await injectTestWallet(page, { rpcUrl, accountIndex: 4 })
  await injectTestWallet(page, { rpcUrl, accountIndex: 5, info: SECOND_WALLET })
  const scoped = page.waitForRequest((r) => new URL(r.url()).searchParams.has('projectId'))
  await page.goto('/')
  projectId = new URL((await scoped).url()).searchParams.get('projectId') ?? ''
  expect(projectId).not.toBe('')
})
test.afterAll(async () => {
  if (projectId) await setMultiWallet(projectId, false)
  await page.context().close()
})

test("with multi-wallet off, adding a wallet shows 'Multi-Wallet Not Enabled'", async () => {
  await setMultiWallet(projectId, false)
  await page.reload()
  await connectWithMouse(page)
  expect(await activeAddress(page)).toBe(first)
  await dialog(page).getByTestId('account-wallets').click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'ProfileWallets')
  await expect(walletRows(page)).toHaveCount(1)
  await dialog(page).getByTestId('add-wallet').click()
  await expect(page.getByText('Multi-Wallet Not Enabled')).toBeVisible()
  await expect(dialog(page)).toHaveAttribute('data-view', 'ProfileWallets')
  await dialog(page).getByRole('button', { name: 'Disconnect all' }).click()
  await expect(connectButton(page)).toHaveAttribute('data-state', 'disconnected')
})

test('connects a second wallet, switches between them, and requests follow the active one', async () => {
  await setMultiWallet(projectId, true)
  await page.reload()
  await connectWithMouse(page)
  await connectButton(page).click()
  await dialog(page).getByTestId('account-wallets').click()
  await dialog(page).getByTestId('add-wallet').click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Connect')
  await dialog(page).getByTestId(`wallet-${SECOND_WALLET.rdns}`).click()
  await expect(dialog(page)).toBeHidden()
  expect(await activeAddress(page)).toBe(second)
  await expect(dialog(page).getByTestId('account-wallets')).toHaveText('Wallets (2)')

  await dialog(page).getByTestId('account-wallets').click()
  await expect(walletRows(page)).toHaveCount(2)
  await expect(walletRows(page).and(page.locator('[aria-current="true"]'))).toContainText(
    SECOND_WALLET.name,
  )
  await expectAccessibleDialogInBothThemes(page)
  await dialog(page)
    .getByRole('button', { name: `Use ${TEST_WALLET_INFO.name}` })
    .click()
  await expect(walletRows(page).and(page.locator('[aria-current="true"]'))).toContainText(
    TEST_WALLET_INFO.name,
  )
  await page.keyboard.press('Escape')
  expect(await activeAddress(page)).toBe(first)
  await page.keyboard.press('Escape')

  // A signature now comes from the first wallet's account.
  await page.getByRole('button', { name: 'Sign a message' }).click()
  await page.getByRole('textbox', { name: 'Message' }).fill('which wallet?')
  await page.getByRole('button', { name: 'Sign with your wallet' }).click()
  await expect(page.getByTestId('signature-check')).toHaveText('✓ Verified: signed by this account')
  const signature = (await page.getByTestId('signature').textContent()) as Hex
  expect(await verifyMessage({ address: first, message: 'which wallet?', signature })).toBe(true)
})

test('a reload keeps both wallets and the active one; disconnect one, then all', async () => {
  await page.reload()
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected')
  expect(await activeAddress(page)).toBe(first)
  await dialog(page).getByTestId('account-wallets').click()
  await expect(walletRows(page)).toHaveCount(2)
  await dialog(page)
    .getByRole('button', { name: `Disconnect ${SECOND_WALLET.name}` })
    .click()
  await expect(walletRows(page)).toHaveCount(1)
  await page.keyboard.press('Escape')
  expect(await activeAddress(page)).toBe(first)
  await dialog(page).getByTestId('account-wallets').click()
  await dialog(page).getByRole('button', { name: 'Disconnect all' }).click()
  await expect(connectButton(page)).toHaveAttribute('data-state', 'disconnected')
  await page.reload()
  await expect(connectButton(page)).toHaveAttribute('data-state', 'disconnected')
})
