import { type Browser, expect, type Page, test } from '@playwright/test'
import { createPublicClient, formatEther, http, verifyMessage } from 'viem'
import { foundry } from 'viem/chains'
import { strangerAddress } from '../../scripts/devchain/accounts.js'
import { DEV_WALLETCONNECT_PROJECT_ID } from '../../scripts/relay/index.js'
import { ports, relayUrl } from '../playwright.config.js'
import { connectButton, dialog, expectAccessibleDialogInBothThemes } from '../support/app.js'
import { createPhoneWallet, type PhoneWallet } from '../support/phoneWallet.js'
import { readQrCode } from '../support/qr.js'

// WalletConnect end to end: the page pairs with a phone wallet made of WalletConnect's own
// wallet SDK in this process, over the dev relay `npm start` runs. Dev account 1 (seeded history,
// the demo name) connects; it sends 0.01 ETH to a stranger nobody else pays. Account 9 is the
// one the wallet switches to. Serial: the session of one test is the next one's start.
test.describe.configure({ mode: 'serial' })

const rpcUrl = `http://127.0.0.1:${ports.chain}`
const chain = createPublicClient({ chain: foundry, transport: http(rpcUrl) })
const receiver = strangerAddress(90)
const phoneWallet = (accountIndex = 1) =>
  createPhoneWallet({
    relayUrl,
    projectId: DEV_WALLETCONNECT_PROJECT_ID,
    rpcUrl,
    accountIndex,
    chainIds: [31337, 1],
  })

let page: Page
let wallet: PhoneWallet
test.beforeAll(async ({ browser }) => {
  // A page of its own context: axe runs only there.
  page = await (await browser.newContext()).newPage()
  wallet = await phoneWallet()
})
test.afterAll(async () => {
  await page.context().close()
  await wallet.close()
  // The SDK asked nothing beyond loopback but WalletConnect's Verify, which this process refused.
  for (const url of wallet.refused) expect(url).toMatch(/^https:\/\/verify\.walletconnect\./)
})

/** The page on a phone-sized screen, with the modal open. */
async function openModalOnPhone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
  })
  const phone = await context.newPage()
  await phone.goto('/')
  await connectButton(phone).click()
  return phone
}

async function openWalletConnect(target: Page) {
  await connectButton(target).click()
  await expect(dialog(target)).toHaveAttribute('data-view', 'Connect')
  await dialog(target).getByTestId('wallet-walletConnect').click()
  await expect(dialog(target)).toHaveAttribute('data-view', 'ConnectingWalletConnect')
  await expect(dialog(target).getByTestId('walletconnect-qr')).toBeVisible()
}

test('the page shows a QR code; the phone wallet scans it and the account and its history show', async () => {
  await page.goto('/')
  const started = Date.now()
  await openWalletConnect(page)
  const painted = Date.now() - started
  // What a camera reads off the screen, not the DOM.
  const uri = await readQrCode(dialog(page).getByTestId('walletconnect-qr'))
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?.*symKey=[0-9a-f]{64}/)
  console.log(`[walletconnect] click to QR painted: ${painted} ms`)
  await expectAccessibleDialogInBothThemes(page)
  await wallet.pair(uri as string)

  await expect(dialog(page)).toBeHidden()
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected')
  await connectButton(page).click()
  await expect(dialog(page).getByTestId('account-name')).toHaveAttribute('title', wallet.address)
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('activity-row').first()).toBeVisible()
  expect(await page.getByTestId('activity-month').count()).toBeGreaterThan(1)
})

test('a message is signed in the phone wallet and verifies', async () => {
  await page.getByRole('button', { name: 'Sign a message' }).click()
  const message = 'Signed over WalletConnect ✓'
  await page.getByRole('textbox', { name: 'Message' }).fill(message)
  await page.getByRole('button', { name: 'Sign with your wallet' }).click()
  await expect(page.getByTestId('signature-check')).toHaveText('✓ Verified: signed by this account')
  const signature = (await page.getByTestId('signature').textContent()) as `0x${string}`
  expect(await verifyMessage({ address: wallet.address, message, signature })).toBe(true)
  expect(wallet.requests).toContain('personal_sign')
})

test('0.01 ETH is sent through the phone wallet on anvil and shows in the activity list', async () => {
  const before = await chain.getBalance({ address: receiver })
  await connectButton(page).click()
  await dialog(page).getByTestId('account-send').click()
  await dialog(page).getByLabel('Amount').fill('0.01')
  await dialog(page).getByLabel('To', { exact: true }).fill(receiver)
  await dialog(page).getByRole('button', { name: 'Review send' }).click()
  await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
  await expect(dialog(page).getByTestId('send-status')).toHaveAttribute(
    'data-status',
    'confirmed',
    {
      timeout: 30_000,
    },
  )
  const hash = (await dialog(page)
    .getByTestId('send-hash')
    .getAttribute('data-hash')) as `0x${string}`
  const receipt = await chain.getTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  expect(receipt.from.toLowerCase()).toBe(wallet.address.toLowerCase())
  expect(formatEther((await chain.getBalance({ address: receiver })) - before)).toBe('0.01')
  expect(wallet.requests).toContain('eth_sendTransaction')
  await dialog(page).getByRole('button', { name: 'Done' }).click()
  await expect(page.locator(`[data-testid="activity-row"][data-tx-hash="${hash}"]`)).toHaveCount(1)
})

test('the app follows an account and a chain changed in the phone wallet', async () => {
  const next = await wallet.switchAccount(9)
  await connectButton(page).click()
  await expect(dialog(page).getByTestId('account-name')).toHaveAttribute('title', next)
  await page.keyboard.press('Escape')
  await wallet.switchChain(1)
  await expect(page.getByTestId('network-switcher')).toContainText('Ethereum')
  await wallet.switchChain(31337)
  await expect(page.getByTestId('network-switcher')).toContainText('Latch Dev Chain')
})

test('the app switches network: an approved chain at once, another once the wallet adds it', async () => {
  await page.getByTestId('network-switcher').click()
  await page.getByTestId('network-eip155:1').click()
  await expect(page.getByTestId('network-switcher')).toContainText('Ethereum')
  expect(wallet.requests).not.toContain('wallet_switchEthereumChain')
  // Sepolia is not among the wallet's chains: it answers 4902, is asked to add it, and does.
  await page.getByTestId('network-switcher').click()
  await page.getByTestId('network-eip155:11155111').click()
  await expect(page.getByTestId('network-switcher')).toContainText('Sepolia')
  expect(wallet.requests).toEqual(
    expect.arrayContaining(['wallet_switchEthereumChain', 'wallet_addEthereumChain']),
  )
  await page.getByTestId('network-switcher').click()
  await page.getByTestId('network-eip155:31337').click()
  await expect(page.getByTestId('network-switcher')).toContainText('Latch Dev Chain')
  // A chain being added is not a disconnect (the provider reports no account on it meanwhile).
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected')
})

test('a reload keeps the WalletConnect session', async () => {
  await page.reload()
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected')
  await connectButton(page).click()
  await expect(dialog(page).getByTestId('account-name')).toHaveAttribute('title', /^0x/)
  await page.keyboard.press('Escape')
})

test('a disconnect in the phone wallet disconnects the app', async () => {
  await wallet.disconnect()
  await expect(connectButton(page)).toHaveAttribute('data-state', 'disconnected')
  // And it stays so after a reload: nothing revives the deleted session.
  await page.reload()
  await expect(connectButton(page)).toHaveAttribute('data-state', 'disconnected')
})

test('an expired pairing is replaced by a fresh QR code that still connects', async () => {
  await page.goto('/?wcPairingExpiry=4000')
  await openWalletConnect(page)
  const qr = dialog(page).getByTestId('walletconnect-qr')
  const first = await readQrCode(qr)
  await expect.poll(() => readQrCode(qr), { timeout: 15_000 }).not.toBe(first)
  await expect(dialog(page).getByText('A new code: the previous one expired')).toBeVisible()
  const fresh = await readQrCode(qr)
  expect(fresh).toMatch(/^wc:/)
  await wallet.pair(fresh as string)
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected')
  await connectButton(page).click()
  await dialog(page).getByRole('button', { name: 'Disconnect' }).click()
  await expect(connectButton(page)).toHaveAttribute('data-state', 'disconnected')
})

test('a proposal rejected in the wallet shows the rejection, and a retry connects', async () => {
  await page.goto('/')
  await openWalletConnect(page)
  const uri = await readQrCode(dialog(page).getByTestId('walletconnect-qr'))
  await wallet.pair(uri as string, { reject: true })
  await expect(dialog(page).getByRole('alert')).toContainText('Connection rejected')
  await expect(dialog(page).getByRole('button', { name: 'Try again' })).toBeFocused()
  await expectAccessibleDialogInBothThemes(page)
  await dialog(page).getByRole('button', { name: 'Try again' }).click()
  await expect(dialog(page).getByTestId('walletconnect-qr')).toBeVisible()
  const again = await readQrCode(dialog(page).getByTestId('walletconnect-qr'))
  expect(again).not.toBe(uri)
  await wallet.pair(again as string)
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected')
})

test('a catalogue wallet pairs with its logo on the QR, its desktop app link, and comes back under Recent', async () => {
  await connectButton(page).click()
  await dialog(page).getByRole('button', { name: 'Disconnect' }).click()
  await expect(connectButton(page)).toHaveAttribute('data-state', 'disconnected')
  await connectButton(page).click()
  await dialog(page).getByTestId('all-wallets').click()
  await dialog(page).getByRole('searchbox').fill('Ledger Live')
  await dialog(page).getByTestId('catalogue-wallet').filter({ hasText: 'Ledger Live' }).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'ConnectingWalletConnect')
  await expect(dialog(page).getByRole('heading', { name: 'Ledger Live' })).toBeVisible()
  const qr = dialog(page).getByTestId('walletconnect-qr')
  await expect(qr.locator('image')).toHaveCount(1)
  // The logo in the middle does not stop a camera reading it.
  const uri = (await readQrCode(qr)) as string
  expect(uri).toMatch(/^wc:/)
  await expect(dialog(page).getByTestId('walletconnect-open-desktop')).toHaveAttribute(
    'href',
    `ledgerlive://wc?uri=${encodeURIComponent(uri)}`,
  )
  await wallet.pair(uri)
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected')
  await connectButton(page).click()
  await dialog(page).getByRole('button', { name: 'Disconnect' }).click()
  await connectButton(page).click()
  const recent = dialog(page).locator('[data-section="recent"]')
  await expect(recent.getByTestId('wallet-ledger-live')).toBeVisible()
  await recent.getByTestId('wallet-ledger-live').click()
  await expect(dialog(page).getByRole('heading', { name: 'Ledger Live' })).toBeVisible()
  await expect(dialog(page).getByTestId('walletconnect-qr').locator('image')).toHaveCount(1)
  await page.keyboard.press('Escape')
})

test('on a phone, a catalogue wallet opens its app with the pairing URI', async ({ browser }) => {
  const phone = await openModalOnPhone(browser)
  await dialog(phone).getByTestId('all-wallets').click()
  await dialog(phone).getByRole('searchbox').fill('Rainbow')
  await dialog(phone).getByTestId('catalogue-wallet').filter({ hasText: 'Rainbow' }).click()
  const open = dialog(phone).getByTestId('walletconnect-open-app')
  await expect(open).toHaveAttribute('href', /^rainbow:\/\/wc\?uri=wc%3A/)
  const href = (await open.getAttribute('href')) as string
  const uri = decodeURIComponent(href.slice('rainbow://wc?uri='.length))
  await expect(dialog(phone).getByTestId('walletconnect-qr')).toHaveCount(0)
  // The app the link opens pairs with exactly that URI.
  const other = await phoneWallet(1)
  await other.pair(uri)
  await expect(connectButton(phone)).toHaveAttribute('data-state', 'connected')
  await other.close()
  await phone.context().close()
})

test('on a phone, WalletConnect lists the wallet apps, each linking with the URI', async ({
  browser,
}) => {
  const phone = await openModalOnPhone(browser)
  await dialog(phone).getByTestId('wallet-walletConnect').click()
  await expect(dialog(phone)).toHaveAttribute('data-view', 'ConnectingWalletConnectBasic')
  const rainbow = dialog(phone).getByTestId('walletconnect-app-rainbow')
  await expect(rainbow).toHaveAttribute('href', /^rainbow:\/\/wc\?uri=wc%3A[0-9a-f]{64}%402/)
  await expect(dialog(phone).getByTestId('walletconnect-app-metamask')).toHaveAttribute(
    'href',
    /^metamask:\/\/wc\?uri=/,
  )
  await expectAccessibleDialogInBothThemes(phone)
  await phone.context().close()
})
