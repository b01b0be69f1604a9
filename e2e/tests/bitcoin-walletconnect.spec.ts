import { type Browser, expect, type Page, test } from '@playwright/test'
import { verifyBitcoinMessage } from '../../packages/core/src/adapters/bip122/verifyMessage.js'
import { DEV_WALLETCONNECT_PROJECT_ID } from '../../scripts/relay/index.js'
import { ports, relayUrl } from '../playwright.config.js'
import { connectButton, dialog } from '../support/app.js'
import { addressBalance, getTx, mine, REGTEST_CAIP2, utxos } from '../support/bitcoinNode.js'
import { freshAddress } from '../support/bitcoinTamper.js'
import { createPhoneWallet, type PhoneWallet } from '../support/phoneWallet.js'
import { createPhoneBitcoinSide } from '../support/phoneWalletBitcoin.js'
import { readQrCode } from '../support/qr.js'

// Bitcoin over WalletConnect end to end: one pairing, from the QR code the page shows, serves the
// EVM and the Bitcoin adapter. The phone wallet is WalletConnect's own wallet-side SDK in this
// process over the dev relay; its Bitcoin keys (core's test signer) are the dev node's payment
// account, which has seeded history. Serial: each test starts where the one before ended.
test.use({ timezoneId: 'UTC', viewport: { width: 1280, height: 720 } })
test.describe.configure({ mode: 'serial' })

const rpcUrl = `http://127.0.0.1:${ports.chain}`
const short = (address: string) => `${address.slice(0, 4)}…${address.slice(-6)}`
/** The phone wallet's EVM account, as the activity header writes it (any case). */
const evmAccount = () => new RegExp(wallet.address, 'i')

let page: Page
let wallet: PhoneWallet
let payment: string

async function phoneWallet(options: { evm?: boolean } = {}) {
  const bitcoin = await createPhoneBitcoinSide(REGTEST_CAIP2)
  payment = bitcoin.payment
  return createPhoneWallet({
    relayUrl,
    projectId: DEV_WALLETCONNECT_PROJECT_ID,
    rpcUrl,
    accountIndex: 1,
    chainIds: [31337],
    sides: [bitcoin],
    evm: options.evm,
  })
}

/** Opens WalletConnect in the modal and has the phone wallet read the QR code's pixels. */
async function pairThroughQr(target: Page, phone: PhoneWallet) {
  await connectButton(target).click()
  await expect(dialog(target)).toHaveAttribute('data-view', 'Connect')
  await dialog(target).getByTestId('wallet-walletConnect').click()
  await expect(dialog(target)).toHaveAttribute('data-view', 'ConnectingWalletConnect')
  const uri = await readQrCode(dialog(target).getByTestId('walletconnect-qr'))
  expect(uri).toMatch(/^wc:/)
  await phone.pair(uri as string)
  await expect(dialog(target)).toBeHidden()
  await expect(connectButton(target)).toHaveAttribute('data-state', 'connected')
}

async function switchTo(target: Page, caipNetworkId: string) {
  await target.getByTestId('network-switcher').click()
  await dialog(target).getByTestId(`network-${caipNetworkId}`).click()
}

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext()).newPage()
  wallet = await phoneWallet()
})
test.afterAll(async () => {
  await page.context().close()
  await wallet.close()
  // Nothing beyond loopback but WalletConnect's Verify, which this process refused.
  for (const url of wallet.refused) expect(url).toMatch(/^https:\/\/verify\.walletconnect\./)
})

test('one pairing from the QR code connects EVM and Bitcoin; the Bitcoin account and its history show', async () => {
  test.setTimeout(90_000)
  await mine(1)
  await page.goto('/')
  await pairThroughQr(page, wallet)
  // The proposal asked for the app's Bitcoin chain beside its EVM chains.
  const proposal = wallet.proposals.at(-1)
  expect(proposal?.bip122?.chains).toEqual([REGTEST_CAIP2])
  expect(proposal?.bip122?.methods).toEqual(
    expect.arrayContaining(['signMessage', 'signPsbt', 'getAccountAddresses']),
  )
  expect(proposal?.eip155?.chains).toContain('eip155:31337')
  await expect(page.getByTestId('activity-context')).toContainText(evmAccount())

  // The Bitcoin side connects through the same session, beside the EVM connection: no second
  // pairing, no prompt; the wallet is asked only for its addresses' keys and purposes.
  await expect.poll(() => wallet.requests).toContain('getAccountAddresses')
  // Recorded by the app (what the account view reads), so the switch below finds it connected.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('@latch/connections')))
    .toContain(payment)
  await switchTo(page, REGTEST_CAIP2)
  await expect(connectButton(page)).toContainText(short(payment))
  await connectButton(page).click()
  await expect(dialog(page).getByTestId('account-name')).toHaveAttribute('title', payment)
  await expect(dialog(page).getByTestId('account-balance')).toContainText('BTC')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('activity-context')).toContainText(payment)
  await expect(page.getByTestId('activity-row').first()).toBeVisible({ timeout: 20_000 })
  expect(await page.getByTestId('activity-row').first().getAttribute('data-tx-hash')).toMatch(
    /^[0-9a-f]{64}$/,
  )
  expect(await page.getByTestId('activity-month').count()).toBeGreaterThan(1)
})

test('a message is signed in the phone wallet and verifies (BIP-322)', async () => {
  await page.getByRole('button', { name: 'Sign a message' }).click()
  const message = 'Signed for Bitcoin over WalletConnect ✓'
  await page.getByRole('textbox', { name: 'Message' }).fill(message)
  await page.getByRole('button', { name: 'Sign with your wallet' }).click()
  await expect(page.getByTestId('signature-check')).toHaveText('✓ Verified: signed by this account')
  const signature = (await page.getByTestId('signature').textContent()) as string
  expect(verifyBitcoinMessage({ address: payment, message, signature })).toBe(true)
  expect(verifyBitcoinMessage({ address: payment, message: `${message}!`, signature })).toBe(false)
  expect(wallet.requests).toContain('signMessage')
})

test('0.001 BTC is sent: the phone wallet signs the PSBT, the node confirms it', async () => {
  test.setTimeout(120_000)
  const receiver = freshAddress()
  const before = await addressBalance(payment)
  await connectButton(page).click()
  await dialog(page).getByTestId('account-send').click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'WalletSend')
  await dialog(page).getByLabel('Amount').fill('0.001')
  await dialog(page).getByLabel('To', { exact: true }).fill(receiver)
  await expect(dialog(page).getByLabel('Fee rate')).toBeEnabled()
  await expect(dialog(page).getByTestId('send-fee')).toContainText('BTC')
  await dialog(page).getByRole('button', { name: 'Review send' }).click()
  await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
  const status = dialog(page).getByTestId('send-status')
  await expect(status).toHaveAttribute('data-status', /pending|confirmed/, { timeout: 30_000 })
  const txid = (await dialog(page).getByTestId('send-hash').getAttribute('data-hash')) as string
  expect(wallet.requests).toContain('signPsbt')
  await mine(1)
  await expect(status).toHaveAttribute('data-status', 'confirmed', { timeout: 30_000 })
  const tx = await getTx(txid)
  expect(tx.vout.filter((o) => o.scriptpubkey_address === receiver)).toEqual([
    expect.objectContaining({ value: 100_000 }),
  ])
  for (const input of tx.vin) expect(input.prevout?.scriptpubkey_address).toBe(payment)
  const after = await addressBalance(payment)
  expect(after.confirmed + after.pending).toBe(before.confirmed + before.pending - 100_000 - tx.fee)
  expect((await utxos(receiver)).map((u) => u.value)).toEqual([100_000])
  await dialog(page).getByRole('button', { name: 'Done' }).click()
  await expect(page.locator(`[data-testid="activity-row"][data-tx-hash="${txid}"]`)).toBeVisible({
    timeout: 30_000,
  })
})

test('a reload keeps both sides of the session', async () => {
  await page.reload()
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected')
  await expect(connectButton(page)).toContainText(short(payment))
  await switchTo(page, 'eip155:31337')
  await expect(page.getByTestId('activity-context')).toContainText(evmAccount())
  await switchTo(page, REGTEST_CAIP2)
  await expect(connectButton(page)).toContainText(short(payment))
})

test('a disconnect in the phone wallet ends the Bitcoin and the EVM connection', async () => {
  await wallet.disconnect()
  await expect(connectButton(page)).toHaveAttribute('data-state', 'disconnected')
  await switchTo(page, 'eip155:31337')
  await expect(connectButton(page)).toHaveAttribute('data-state', 'disconnected')
  // Nothing revives the deleted session on the next load.
  await page.reload()
  await expect(connectButton(page)).toHaveAttribute('data-state', 'disconnected')
  await switchTo(page, REGTEST_CAIP2)
  await expect(connectButton(page)).toHaveAttribute('data-state', 'disconnected')
})

test('a Bitcoin-only wallet pairs: the Bitcoin account connects and the app moves to it', async ({
  browser,
}: {
  browser: Browser
}) => {
  test.setTimeout(90_000)
  const context = await browser.newContext()
  const fresh = await context.newPage()
  const bitcoinOnly = await phoneWallet({ evm: false })
  try {
    await fresh.goto('/')
    await pairThroughQr(fresh, bitcoinOnly)
    await expect(connectButton(fresh)).toContainText(short(payment))
    await expect(fresh.getByTestId('network-switcher')).toContainText('Bitcoin Regtest')
    // A reload restores it; the app's own disconnect ends the session in the wallet too.
    await fresh.reload()
    await expect(connectButton(fresh)).toContainText(short(payment))
    await connectButton(fresh).click()
    await dialog(fresh).getByTestId('disconnect').click()
    await expect(connectButton(fresh)).toHaveAttribute('data-state', 'disconnected')
    await expect.poll(() => bitcoinOnly.sessions()).toBe(0)
    await fresh.reload()
    await expect(connectButton(fresh)).toHaveAttribute('data-state', 'disconnected')
  } finally {
    await bitcoinOnly.close()
    await context.close()
  }
})
