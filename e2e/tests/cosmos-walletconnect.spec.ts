import { expect, type Page, test } from '@playwright/test'
import { verifyCosmosMessage } from '../../packages/core/src/adapters/cosmos/verifyMessage.js'
import { DEV_WALLETCONNECT_PROJECT_ID } from '../../scripts/relay/index.js'
import { ports, relayUrl } from '../playwright.config.js'
import { connectButton, dialog, scrollToEnd } from '../support/app.js'
import { createPhoneWallet, type PhoneWallet } from '../support/phoneWallet.js'
import { createPhoneCosmosSide } from '../support/phoneWalletCosmos.js'
import { readQrCode } from '../support/qr.js'

// Cosmos over WalletConnect end to end: one pairing, from the QR code the page shows, serves the
// EVM and the Cosmos adapter. The phone wallet is WalletConnect's own wallet-side SDK in this
// process over the dev relay; its Cosmos key (cosmjs's HD wallet from the test mnemonic) is the
// dev node's wallet account, which has seeded history. Serial: each test starts where the one
// before ended.
test.use({ timezoneId: 'UTC', viewport: { width: 1280, height: 720 } })
test.describe.configure({ mode: 'serial' })

const offset = Number(process.env.LATCH_E2E_PORT_OFFSET ?? 0)
// The stack's node REST (playwright.config.ts: LATCH_COSMOS_REST_PORT).
const REST = `http://127.0.0.1:${18005 + offset}`
const CHAIN = 'cosmos:latchdev-1'
const FRIEND = 'cosmos1erxf3sa9q2j4vgseu7jq4a258ckmk7cy076t8z'
const short = (address: string) => `${address.slice(0, 4)}…${address.slice(-6)}`

let page: Page
let wallet: PhoneWallet
let account: string

/** The node's own record of a transaction: its result code, or undefined before it is included. */
async function nodeTx(hash: string): Promise<number | undefined> {
  const response = await fetch(new URL(`/cosmos/tx/v1beta1/txs/${hash}`, REST))
  if (!response.ok) return undefined
  return ((await response.json()) as { tx_response: { code: number } }).tx_response.code
}

async function switchTo(target: Page, caipNetworkId: string) {
  await target.getByTestId('network-switcher').click()
  await dialog(target).getByTestId(`network-${caipNetworkId}`).click()
}

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext()).newPage()
  const cosmos = await createPhoneCosmosSide(CHAIN)
  account = cosmos.address
  wallet = await createPhoneWallet({
    relayUrl,
    projectId: DEV_WALLETCONNECT_PROJECT_ID,
    rpcUrl: `http://127.0.0.1:${ports.chain}`,
    accountIndex: 2,
    chainIds: [31337],
    sides: [cosmos],
  })
})
test.afterAll(async () => {
  await page.context().close()
  await wallet.close()
  // Nothing beyond loopback but WalletConnect's Verify, which this process refused.
  for (const url of wallet.refused) expect(url).toMatch(/^https:\/\/verify\.walletconnect\./)
})

test('one pairing from the QR code connects EVM and Cosmos; the Cosmos account and its history show', async () => {
  test.setTimeout(90_000)
  await page.goto('/')
  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Connect')
  await dialog(page).getByTestId('wallet-walletConnect').click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'ConnectingWalletConnect')
  const uri = await readQrCode(dialog(page).getByTestId('walletconnect-qr'))
  expect(uri).toMatch(/^wc:/)
  await wallet.pair(uri as string)
  await expect(dialog(page)).toBeHidden()
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected')
  // The proposal asked for the app's Cosmos chain and the namespace's methods.
  const proposal = wallet.proposals.at(-1)
  expect(proposal?.cosmos?.chains).toEqual([CHAIN])
  expect(proposal?.cosmos?.methods).toEqual([
    'cosmos_getAccounts',
    'cosmos_signDirect',
    'cosmos_signAmino',
  ])
  expect(proposal?.eip155?.chains).toContain('eip155:31337')

  // The Cosmos side connects through the same session: no second pairing, no prompt; the wallet
  // is asked for its public key only.
  await expect.poll(() => wallet.requests).toContain('cosmos_getAccounts')
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('@latch/connections')))
    .toContain(account)
  await switchTo(page, CHAIN)
  await expect(connectButton(page)).toContainText(short(account))
  await connectButton(page).click()
  await expect(dialog(page).getByTestId('account-name')).toHaveAttribute('title', account)
  await expect(dialog(page).getByTestId('account-balance')).toContainText('STAKE')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('activity-context')).toContainText(account)
  await expect(page.getByTestId('activity-row').first()).toBeVisible({ timeout: 20_000 })
  // The list pages in as it scrolls: the seeded 15+ months show once it is scrolled to its end.
  await scrollToEnd(page)
  expect(await page.getByTestId('activity-month').count()).toBeGreaterThanOrEqual(15)
})

test('a message is signed in the phone wallet and verifies (ADR-036)', async () => {
  await page.getByRole('button', { name: 'Sign a message' }).click()
  const message = 'Signed for Cosmos over WalletConnect ✓'
  await page.getByRole('textbox', { name: 'Message' }).fill(message)
  await page.getByRole('button', { name: 'Sign with your wallet' }).click()
  await expect(page.getByTestId('signature-check')).toHaveText('✓ Verified: signed by this account')
  const signature = (await page.getByTestId('signature').textContent()) as string
  expect(await verifyCosmosMessage({ address: account, message, signature })).toBe(true)
  expect(await verifyCosmosMessage({ address: account, message: `${message}!`, signature })).toBe(
    false,
  )
  expect(wallet.requests).toContain('cosmos_signAmino')
})

test('0.5 STAKE is sent: the phone wallet signs direct, the node includes it', async () => {
  test.setTimeout(120_000)
  await connectButton(page).click()
  await dialog(page).getByTestId('account-send').click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'WalletSend')
  await dialog(page).getByLabel('Amount').fill('0.5')
  await dialog(page).getByLabel('To', { exact: true }).fill(FRIEND)
  await expect(dialog(page).getByTestId('send-fee')).toContainText('STAKE', { timeout: 20_000 })
  await dialog(page).getByRole('button', { name: 'Review send' }).click()
  await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
  const status = dialog(page).getByTestId('send-status')
  await expect(status).toHaveAttribute('data-status', 'confirmed', { timeout: 30_000 })
  const hash = (await dialog(page).getByTestId('send-hash').getAttribute('data-hash')) as string
  expect(hash).toMatch(/^[0-9A-F]{64}$/)
  expect(wallet.requests).toContain('cosmos_signDirect')
  expect(await nodeTx(hash)).toBe(0)
  await dialog(page).getByRole('button', { name: 'Done' }).click()
  await expect(page.locator(`[data-testid="activity-row"][data-tx-hash="${hash}"]`)).toBeVisible({
    timeout: 30_000,
  })
})

test('a reload keeps the Cosmos side without asking the phone; a disconnect in the phone ends both', async () => {
  const asked = wallet.requests.length
  await page.reload()
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected')
  await expect(connectButton(page)).toContainText(short(account))
  expect(wallet.requests.slice(asked)).not.toContain('cosmos_getAccounts')
  await wallet.disconnect()
  await expect(connectButton(page)).toHaveAttribute('data-state', 'disconnected')
  await switchTo(page, 'eip155:31337')
  await expect(connectButton(page)).toHaveAttribute('data-state', 'disconnected')
  await page.reload()
  await switchTo(page, CHAIN)
  await expect(connectButton(page)).toHaveAttribute('data-state', 'disconnected')
})

test('a Cosmos-only wallet pairs: the Cosmos account connects and the app moves to it', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const context = await browser.newContext()
  const fresh = await context.newPage()
  const cosmosOnly = await createPhoneWallet({
    relayUrl,
    projectId: DEV_WALLETCONNECT_PROJECT_ID,
    rpcUrl: `http://127.0.0.1:${ports.chain}`,
    accountIndex: 3,
    chainIds: [31337],
    sides: [await createPhoneCosmosSide(CHAIN)],
    evm: false,
  })
  try {
    await fresh.goto('/')
    await connectButton(fresh).click()
    await dialog(fresh).getByTestId('wallet-walletConnect').click()
    const uri = await readQrCode(dialog(fresh).getByTestId('walletconnect-qr'))
    await cosmosOnly.pair(uri as string)
    await expect(dialog(fresh)).toBeHidden()
    await expect(connectButton(fresh)).toContainText(short(account))
    await expect(fresh.getByTestId('network-switcher')).toContainText('Latch Dev Cosmos')
    // The app's own disconnect ends the session in the wallet too.
    await connectButton(fresh).click()
    await dialog(fresh).getByTestId('disconnect').click()
    await expect(connectButton(fresh)).toHaveAttribute('data-state', 'disconnected')
    await expect.poll(() => cosmosOnly.sessions()).toBe(0)
  } finally {
    await cosmosOnly.close()
    await context.close()
  }
})
