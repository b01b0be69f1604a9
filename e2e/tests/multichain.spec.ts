import { expect, type Page, test } from '@playwright/test'
import { LOCAL_CLUSTER_CAIP2 } from '../../scripts/solana/ledger.js'
import { ports } from '../playwright.config.js'
import {
  connectButton,
  dialog,
  expectAccessibleDialogInBothThemes,
  scrollToEnd,
} from '../support/app.js'
import { injectSolanaWallet } from '../support/solanaWallet.js'
import { injectTestWallet, TEST_WALLET_INFO } from '../support/wallet.js'

// docs/solana.md#wallets-on-two-chains: one wallet announced through EIP-6963 and the wallet
// standard under one name is one row in the modal, connected on the namespace the visitor picks.

test.use({ timezoneId: 'UTC', viewport: { width: 1280, height: 720 } })

const short = (address: string) => `${address.slice(0, 4)}…${address.slice(-6)}`

/** The activity list's first row, once there is one: its transaction hash. */
async function firstHash(page: Page) {
  const row = page.getByTestId('activity-row').first()
  await expect(row).toBeVisible()
  return row.getAttribute('data-tx-hash')
}

async function openPickView(page: Page, name: string) {
  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Connect')
  const row = dialog(page).getByRole('button', { name: new RegExp(name) })
  // Once the multi-chain chunk is here the two announcements are one row.
  await expect(row).toHaveCount(1)
  await expect(row.getByTestId('wallet-chains')).toHaveText('EVM, Solana')
  await row.click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'ConnectingMultiChain')
  await expect(dialog(page).getByRole('heading', { level: 2 })).toHaveText(name)
}

test('a wallet on EVM and Solana is one row with both chains; it connects on Solana, then on EVM, and both connections stay', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const { signer, wallet } = await injectSolanaWallet(page)
  // The same wallet's EVM side: announced by EIP-6963 under the wallet-standard wallet's name.
  await injectTestWallet(page, {
    rpcUrl: `http://127.0.0.1:${ports.chain}`,
    info: {
      uuid: '0f4cb0a4-51c3-4a4e-9d8e-5b1f2f0c7d11',
      name: wallet.name,
      icon: TEST_WALLET_INFO.icon,
      rdns: 'dev.latch.multichain',
    },
  })
  await page.goto('/')

  // Every row says its chains; the grouped one says both.
  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Connect')
  await expect(dialog(page).getByRole('button', { name: new RegExp(wallet.name) })).toHaveCount(1)
  await expect(dialog(page).getByTestId('wallet-multi-chain:dev.latch.multichain')).toBeVisible()
  await expectAccessibleDialogInBothThemes(page)
  await dialog(page).getByRole('button', { name: 'Close' }).click()

  // Solana: picked in the wallet's view, connected, its history shown.
  await openPickView(page, wallet.name)
  await expect(dialog(page).getByRole('list', { name: 'Chains' }).getByRole('button')).toHaveText([
    'Connect on EVM networks',
    'Connect on Solana',
  ])
  await expectAccessibleDialogInBothThemes(page)
  await dialog(page).getByRole('button', { name: 'Connect on Solana' }).click()
  await expect(dialog(page)).toBeHidden()
  await expect(connectButton(page)).toContainText(short(signer.address))
  expect(await firstHash(page)).not.toMatch(/^0x/)
  // The cluster's sixteen months of seeded history for this account, by month.
  await scrollToEnd(page)
  expect(await page.getByTestId('activity-month').count()).toBeGreaterThanOrEqual(15)

  // The dev EVM chain has no connection yet; the same wallet connects there from its view.
  await page.getByTestId('network-switcher').click()
  await dialog(page).getByTestId('network-eip155:31337').click()
  // Confirmed first (SwitchActiveChain), which lands on the wallets; closed, the button offers to connect.
  await dialog(page).getByTestId('switch-active-chain').click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Connect')
  await page.keyboard.press('Escape')
  await expect(connectButton(page)).toHaveAttribute('data-state', 'disconnected')
  await openPickView(page, wallet.name)
  await expect(dialog(page).getByRole('button', { name: /Connect on Solana/ })).toContainText(
    'Connected',
  )
  await dialog(page).getByRole('button', { name: 'Connect on EVM networks' }).click()
  await expect(dialog(page)).toBeHidden()
  await expect(connectButton(page)).toContainText('0xf3…b92266')
  expect(await firstHash(page)).toMatch(/^0x/)

  // Back to Solana: that connection is still there, without asking the wallet.
  await page.getByTestId('network-switcher').click()
  await dialog(page).getByTestId(`network-${LOCAL_CLUSTER_CAIP2}`).click()
  await expect(connectButton(page)).toContainText(short(signer.address))
  expect(await firstHash(page)).not.toMatch(/^0x/)
})
