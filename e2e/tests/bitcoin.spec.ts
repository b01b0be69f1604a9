import { expect, type Page, test } from '@playwright/test'
import { devBitcoinKeys } from '../../scripts/bitcoin/keys.js'
import { ports } from '../playwright.config.js'
import { connectButton, connectWithMouse, dialog, scrollToEnd } from '../support/app.js'
import {
  addressBalance,
  addressHistory,
  getTx,
  mine,
  REGTEST_CAIP2,
  utxos,
} from '../support/bitcoinNode.js'
import {
  BITCOIN_REGISTRATIONS,
  type InjectedBitcoinWallet,
  injectBitcoinWallet,
} from '../support/bitcoinWallet.js'
import { expectedMonthHeaders } from '../support/chainHistory.js'
import { injectTestWallet } from '../support/wallet.js'

// The dev Bitcoin node's payment account (BIP-84, scripts/bitcoin/keys.ts), held by a test wallet
// whose keys stay in Node, registered each of the three ways real Bitcoin wallets register. All
// tests share the account, so they run in file order and each mines what it sent.
test.use({ timezoneId: 'UTC', viewport: { width: 1280, height: 720 } })
test.describe.configure({ mode: 'serial' })

const keys = devBitcoinKeys()
const PAYMENT = keys.payment.address
const short = (address: string) => `${address.slice(0, 4)}…${address.slice(-6)}`

/** Nothing of an earlier test waits in the mempool: the history and balances are final. */
async function settle() {
  await mine(1)
}

async function connectBitcoin(page: Page, wallet: InjectedBitcoinWallet) {
  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Connect')
  await dialog(page)
    .getByRole('button', { name: new RegExp(wallet.name) })
    .first()
    .click()
  await expect(dialog(page)).toBeHidden()
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected')
  await expect(connectButton(page)).toContainText(short(PAYMENT))
}

/**
 * The send form, to the review and the wallet: resolves once the view shows `until` (a status of
 * the review step), with the status text.
 */
async function sendBitcoin(page: Page, amount: string, to: string) {
  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Account')
  await dialog(page).getByTestId('account-send').click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'WalletSend')
  await expect(dialog(page).getByLabel('Token')).toContainText('BTC')
  await dialog(page).getByLabel('Amount').fill(amount)
  await dialog(page).getByLabel('To', { exact: true }).fill(to)
  // The node's estimates to pick from; the fee follows the rate picked.
  const picker = dialog(page).getByLabel('Fee rate')
  await expect(picker).toBeEnabled()
  await expect(picker.locator('option').first()).toContainText('sat/vB')
  await expect(dialog(page).getByTestId('send-fee')).toContainText('BTC')
  await dialog(page).getByRole('button', { name: 'Review send' }).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'WalletSendPreview')
  await expect(dialog(page).getByTestId('review-amount')).toHaveText(`${amount} BTC`)
  await expect(dialog(page).getByTestId('review-fee-rate')).toContainText('sat/vB')
  await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
}

const status = (page: Page) => dialog(page).getByTestId('send-status')

for (const via of BITCOIN_REGISTRATIONS) {
  test.describe(`a Bitcoin wallet registered through ${via}`, () => {
    test('connects with its payment address, shows 15+ months of history newest first, and reconnects after a reload', async ({
      page,
    }) => {
      test.setTimeout(120_000)
      await settle()
      const wallet = await injectBitcoinWallet(page, { via })
      await page.goto('/')
      await connectBitcoin(page, wallet)
      await expect(page.getByTestId('activity-context')).toContainText(PAYMENT)
      await expect(page.getByTestId('activity-context')).toContainText('Bitcoin Regtest')

      // Every transaction of the address the node has, once, grouped by month, newest first.
      const history = await addressHistory(PAYMENT)
      await expect(page.getByTestId('activity-row').first()).toBeVisible({ timeout: 20_000 })
      await scrollToEnd(page)
      const shown = await page
        .getByTestId('activity-row')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-tx-hash')))
      // Within one block the order is the server's own; across blocks newest first.
      expect([...shown].sort()).toEqual(history.map((tx) => tx.txid).sort())
      const heights = new Map(history.map((tx) => [tx.txid, tx.status.block_height ?? 0]))
      const shownHeights = shown.map((hash) => heights.get(hash ?? '') ?? 0)
      expect(shownHeights).toEqual([...shownHeights].sort((a, b) => b - a))
      const headers = await page.getByTestId('activity-month').allTextContents()
      expect(headers).toEqual(
        expectedMonthHeaders(
          history.map((tx) => ({ minedAt: (tx.status.block_time ?? 0) * 1000 })) as never,
        ),
      )
      expect(headers.length).toBeGreaterThanOrEqual(15)

      await page.reload()
      await expect(connectButton(page)).toHaveAttribute('data-state', 'connected')
      await expect(connectButton(page)).toContainText(short(PAYMENT))
      expect(wallet.requests.filter((r) => r.startsWith('connect'))).not.toHaveLength(0)
    })

    test('signs a message the account verifiably signed, and sends 0.001 BTC that the node confirms', async ({
      page,
    }) => {
      test.setTimeout(120_000)
      await settle()
      const wallet = await injectBitcoinWallet(page, { via })
      await page.goto('/')
      await connectBitcoin(page, wallet)

      await page.getByRole('button', { name: 'Sign a message' }).click()
      await page.getByRole('button', { name: 'Sign with your wallet' }).click()
      await expect(page.getByTestId('signature-check')).toHaveText(
        '✓ Verified: signed by this account',
      )

      // To a fresh receiver for each registration: what arrives there is this send alone.
      const receiver = wallet.freshAddress()
      const before = await addressBalance(PAYMENT)
      await sendBitcoin(page, '0.001', receiver)
      await expect(status(page)).toHaveAttribute('data-status', /pending|confirmed/, {
        timeout: 30_000,
      })
      const txid = (await dialog(page).getByTestId('send-hash').getAttribute('data-hash')) as string
      expect(txid).toMatch(/^[0-9a-f]{64}$/)
      await mine(1)
      await expect(status(page)).toHaveAttribute('data-status', 'confirmed', { timeout: 30_000 })

      // The node agrees: 100 000 sats to the receiver, the change back to the payment address.
      const tx = await getTx(txid)
      expect(tx.status.confirmed).toBe(true)
      expect(tx.vout.filter((o) => o.scriptpubkey_address === receiver)).toEqual([
        expect.objectContaining({ value: 100_000 }),
      ])
      for (const input of tx.vin) expect(input.prevout?.scriptpubkey_address).toBe(PAYMENT)
      const after = await addressBalance(PAYMENT)
      expect(after.confirmed + after.pending).toBe(
        before.confirmed + before.pending - 100_000 - tx.fee,
      )
      expect((await utxos(receiver)).map((u) => u.value)).toEqual([100_000])

      await dialog(page).getByRole('button', { name: 'Done' }).click()
      await expect(dialog(page)).toBeHidden()
      await expect(
        page.locator(`[data-testid="activity-row"][data-tx-hash="${txid}"]`),
      ).toBeVisible({ timeout: 30_000 })
    })
  })
}

test('signs in with Bitcoin: the server verifies the BIP-322 signature of the CAIP-122 message', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const wallet = await injectBitcoinWallet(page, { via: 'wallet-standard' })
  await page.goto('/?siwx=required')
  await connectButton(page).click()
  await dialog(page)
    .getByRole('button', { name: new RegExp(wallet.name) })
    .first()
    .click()
  // Connected without a session: the sign-in view opens by itself.
  await expect(dialog(page)).toHaveAttribute('data-view', 'SIWXSignMessage')
  await dialog(page).getByRole('button', { name: 'Sign in' }).click()
  await expect(dialog(page)).toBeHidden({ timeout: 30_000 })
  await expect(page.getByTestId('siwx-status')).toContainText('Signed in with your wallet until')
  const tokens = await page.evaluate(() => localStorage.getItem('@latch/siwxTokens'))
  expect(tokens).toContain(`${REGTEST_CAIP2}:${PAYMENT}`)
  expect(wallet.requests.some((r) => r.startsWith('signMessage'))).toBe(true)
})

test('keeps an EVM and a Bitcoin connection in one session and switches between them', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await injectTestWallet(page, { rpcUrl: `http://127.0.0.1:${ports.chain}` })
  const wallet = await injectBitcoinWallet(page, { via: 'wallet-standard' })
  await page.goto('/')
  await connectBitcoin(page, wallet)

  await page.getByTestId('network-switcher').click()
  await dialog(page).getByTestId('network-eip155:31337').click()
  // Nothing on EVM yet: confirmed first (SwitchActiveChain), which lands on the wallets.
  await dialog(page).getByTestId('switch-active-chain').click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Connect')
  await page.keyboard.press('Escape')
  await expect(connectButton(page)).toHaveAttribute('data-state', 'disconnected')
  await connectWithMouse(page)
  await expect(connectButton(page)).toContainText('0xf3…b92266')
  await expect(page.getByTestId('activity-row').first()).toBeVisible()
  expect(await page.getByTestId('activity-row').first().getAttribute('data-tx-hash')).toMatch(/^0x/)

  // Back to Bitcoin: its connection is still there, with its own history; no wallet is asked.
  const asked = wallet.requests.length
  await page.getByTestId('network-switcher').click()
  await dialog(page).getByTestId(`network-${REGTEST_CAIP2}`).click()
  await expect(connectButton(page)).toContainText(short(PAYMENT))
  await expect(page.getByTestId('activity-row').first()).toBeVisible()
  expect(await page.getByTestId('activity-row').first().getAttribute('data-tx-hash')).toMatch(
    /^[0-9a-f]{64}$/,
  )
  expect(wallet.requests.slice(asked).filter((r) => r.startsWith('connect'))).toEqual([])

  await page.getByTestId('network-switcher').click()
  await dialog(page).getByTestId('network-eip155:31337').click()
  await expect(connectButton(page)).toContainText('0xf3…b92266')
})

test('a wallet on regtest only is refused by a mainnet-only app', async ({ page }) => {
  const wallet = await injectBitcoinWallet(page, { via: 'wallet-standard' })
  // The dev web app's mainnet-only page (latch.ts): Bitcoin mainnet and nothing else of Bitcoin.
  await page.goto('/?bitcoinNetworks=mainnet')
  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Connect')
  await dialog(page)
    .getByRole('button', { name: new RegExp(wallet.name) })
    .first()
    .click()
  await expect(dialog(page).getByRole('alert')).toContainText(
    'The connector does not support any of the requested chains',
  )
  await expect(connectButton(page)).not.toHaveAttribute('data-state', 'connected')
})

for (const tamper of ['double-spend', 'corrupt-signature'] as const) {
  test(`a ${tamper === 'double-spend' ? 'double spend' : 'corrupted signature'} is refused by the node, and the send view shows its reason`, async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await settle()
    const wallet = await injectBitcoinWallet(page, { via: 'wallet-standard' })
    await page.goto('/')
    await connectBitcoin(page, wallet)
    wallet.tamper(tamper)
    const receiver = wallet.freshAddress()
    await sendBitcoin(page, '0.001', receiver)
    await expect(status(page)).toHaveAttribute('data-status', 'error', { timeout: 30_000 })
    const reason =
      tamper === 'double-spend'
        ? /bad-txns-inputs-missingorspent|txn-mempool-conflict|bad-txns-inputs-spent|missing-inputs/
        : /mandatory-script-verify-flag-failed|non-mandatory-script-verify-flag/
    await expect(status(page)).toContainText('The node refused the transaction')
    await expect(status(page)).toContainText(reason)
    // The node holds nothing for the receiver: the payment never happened.
    await mine(1)
    expect(await utxos(receiver)).toEqual([])
    expect(wallet.signed()).toBeGreaterThan(0)
  })
}
