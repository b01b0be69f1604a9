import { expect, type Page, test } from '@playwright/test'
import {
  type CosmosTestSigner,
  createCosmosTestSigner,
  installCosmosTestWallet,
} from '../../packages/core/src/testing/cosmosWallet.js'
import { ports } from '../playwright.config.js'
import { connectButton, dialog, scrollToEnd } from '../support/app.js'
import { expectedMonthHeaders } from '../support/chainHistory.js'
import { injectTestWallet, TEST_WALLET_INFO } from '../support/wallet.js'

// The dev Cosmos node's wallet account (m/44'/118'/0'/0/0 of the test mnemonic, docs/cosmos-node.md),
// held by the Cosmos test wallet whose keys stay in Node, at `window.keplr`. The wallet knows the
// public chains only, so the dev chain is suggested to it first. Tests share the account: serial.
test.use({ timezoneId: 'UTC', viewport: { width: 1280, height: 720 } })
test.describe.configure({ mode: 'serial' })

const offset = Number(process.env.LATCH_E2E_PORT_OFFSET ?? 0)
// The stack's node ports (playwright.config.ts: LATCH_COSMOS_RPC_PORT / _REST_PORT).
const REST = `http://127.0.0.1:${18005 + offset}`
const CHAIN = 'cosmos:latchdev-1'
const WALLET = 'cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7'
const FRIEND = 'cosmos1erxf3sa9q2j4vgseu7jq4a258ckmk7cy076t8z'
const short = (address: string) => `${address.slice(0, 4)}…${address.slice(-6)}`

interface TxResponse {
  txhash: string
  timestamp: string
  code: number
}

/** What the node says the account signed or received, newest first, from its own REST. */
async function nodeHistory(address: string): Promise<TxResponse[]> {
  const byHash = new Map<string, TxResponse>()
  for (const query of [`message.sender='${address}'`, `transfer.recipient='${address}'`]) {
    const url = new URL('/cosmos/tx/v1beta1/txs', REST)
    url.searchParams.set('query', query)
    url.searchParams.set('limit', '100')
    const body = (await (await fetch(url)).json()) as { tx_responses: TxResponse[] }
    for (const tx of body.tx_responses) byHash.set(tx.txhash, tx)
  }
  return [...byHash.values()].sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp))
}

async function injectCosmosWallet(page: Page): Promise<CosmosTestSigner> {
  const signer = createCosmosTestSigner()
  const bridge = '__latchCosmosWallet'
  await page.exposeFunction(bridge, (request: { method: string; params?: unknown }) =>
    signer.handle(request),
  )
  await page.addInitScript(installCosmosTestWallet, { way: 'keplr' as const, bridge })
  return signer
}

async function connectCosmos(page: Page) {
  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Connect')
  await dialog(page).getByRole('button', { name: /Keplr/ }).first().click()
}

async function expectConnected(page: Page) {
  await expect(dialog(page)).toBeHidden({ timeout: 30_000 })
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected')
  await expect(connectButton(page)).toContainText(short(WALLET))
}

test('connects a Keplr wallet (the dev chain suggested, then enabled), shows 15+ months of history, reconnects after a reload', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const signer = await injectCosmosWallet(page)
  await page.goto('/')
  await connectCosmos(page)
  await expectConnected(page)
  expect(signer.requests.slice(0, 4)).toEqual(['enable', 'suggestChain', 'enable', 'getKey'])
  expect(signer.chains).toContain('latchdev-1')
  await expect(page.getByTestId('activity-context')).toContainText(WALLET)

  const history = await nodeHistory(WALLET)
  await expect(page.getByTestId('activity-row').first()).toBeVisible({ timeout: 20_000 })
  await scrollToEnd(page)
  const shown = await page
    .getByTestId('activity-row')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-tx-hash')))
  expect([...shown].sort()).toEqual(history.map((tx) => tx.txhash).sort())
  const headers = await page.getByTestId('activity-month').allTextContents()
  expect(headers).toEqual(
    expectedMonthHeaders(history.map((tx) => ({ minedAt: Date.parse(tx.timestamp) })) as never),
  )
  expect(headers.length).toBeGreaterThanOrEqual(15)

  const asked = signer.requests.length
  await page.reload()
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected', { timeout: 20_000 })
  await expect(connectButton(page)).toContainText(short(WALLET))
  // Silently: the chain was already enabled for the page, nothing is suggested again.
  expect(signer.requests.slice(asked)).not.toContain('suggestChain')
  expect(signer.requests.slice(asked)).toContain('enable (silent)')
})

test('signs in with Cosmos: the server verifies the ADR-036 signature of the CAIP-122 message; the page verifies a signed message', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const signer = await injectCosmosWallet(page)
  await page.goto('/?siwx=required')
  await connectCosmos(page)
  // Connected without a session: the sign-in view opens by itself.
  await expect(dialog(page)).toHaveAttribute('data-view', 'SIWXSignMessage', { timeout: 30_000 })
  await dialog(page).getByRole('button', { name: 'Sign in' }).click()
  await expect(dialog(page)).toBeHidden({ timeout: 30_000 })
  await expect(page.getByTestId('siwx-status')).toContainText('Signed in with your wallet until')
  const tokens = await page.evaluate(() => localStorage.getItem('@latch/siwxTokens'))
  expect(tokens).toContain(`${CHAIN}:${WALLET}`)
  expect(signer.requests).toContain('signArbitrary')

  // The page's own check of a signed message: ADR-036, the key making the address.
  await page.getByRole('button', { name: 'Sign a message' }).click()
  await page.getByRole('button', { name: 'Sign with your wallet' }).click()
  await expect(page.getByTestId('signature-check')).toHaveText('✓ Verified: signed by this account')
})

test('sends 0.5 STAKE: reviewed, signed, included by the node, and listed in the history', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await injectCosmosWallet(page)
  await page.goto('/')
  await connectCosmos(page)
  await expectConnected(page)
  await expect(page.getByTestId('activity-row').first()).toBeVisible({ timeout: 20_000 })

  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Account')
  await dialog(page).getByTestId('account-send').click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'WalletSend')
  await expect(dialog(page).getByLabel('Token')).toContainText('STAKE')
  await dialog(page).getByLabel('Amount').fill('0.5')
  await dialog(page).getByLabel('To', { exact: true }).fill(FRIEND)
  await expect(dialog(page).getByTestId('send-fee')).toContainText('STAKE', { timeout: 20_000 })
  await dialog(page).getByRole('button', { name: 'Review send' }).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'WalletSendPreview')
  await expect(dialog(page).getByTestId('review-amount')).toHaveText('0.5 STAKE')
  await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()

  const status = dialog(page).getByTestId('send-status')
  // The dev node makes a block 2 s after a transaction arrives.
  await expect(status).toHaveAttribute('data-status', 'confirmed', { timeout: 30_000 })
  const hash = (await dialog(page).getByTestId('send-hash').getAttribute('data-hash')) as string
  expect(hash).toMatch(/^[0-9A-F]{64}$/)
  const included = (await nodeHistory(WALLET)).find((tx) => tx.txhash === hash)
  expect(included?.code).toBe(0)

  await dialog(page).getByRole('button', { name: 'Done' }).click()
  await expect(dialog(page)).toBeHidden()
  await expect(page.locator(`[data-testid="activity-row"][data-tx-hash="${hash}"]`)).toBeVisible({
    timeout: 30_000,
  })
})

test('keeps an EVM and a Cosmos connection in one session and switches between them', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await injectTestWallet(page, { rpcUrl: `http://127.0.0.1:${ports.chain}` })
  const signer = await injectCosmosWallet(page)
  await page.goto('/')
  await connectCosmos(page)
  await expectConnected(page)

  // Nothing is connected on EVM yet: the app asks to confirm the switch, then offers the wallets.
  await page.getByTestId('network-switcher').click()
  await dialog(page).getByTestId('network-eip155:31337').click()
  await expect(dialog(page)).toContainText("The wallet connected on Cosmos doesn't reach EVM")
  await dialog(page).getByRole('button', { name: 'Switch', exact: true }).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Connect')
  await page.getByTestId(`wallet-${TEST_WALLET_INFO.rdns}`).click()
  await expect(dialog(page)).toBeHidden()
  await expect(connectButton(page)).toContainText('0xf3…b92266')
  await expect(page.getByTestId('activity-row').first()).toBeVisible()
  expect(await page.getByTestId('activity-row').first().getAttribute('data-tx-hash')).toMatch(/^0x/)

  // Back to Cosmos: its connection is still there, with its own history; no prompt.
  const asked = signer.requests.length
  await page.getByTestId('network-switcher').click()
  await dialog(page).getByTestId(`network-${CHAIN}`).click()
  await expect(connectButton(page)).toContainText(short(WALLET))
  await expect(page.getByTestId('activity-row').first()).toBeVisible()
  expect(await page.getByTestId('activity-row').first().getAttribute('data-tx-hash')).toMatch(
    /^[0-9A-F]{64}$/,
  )
  expect(
    signer.requests.slice(asked).filter((r) => r === 'enable' || r === 'suggestChain'),
  ).toEqual([])

  await page.getByTestId('network-switcher').click()
  await dialog(page).getByTestId('network-eip155:31337').click()
  await expect(connectButton(page)).toContainText('0xf3…b92266')
})
