import '@polkadot/api-augment'
import { expect, type Page, test } from '@playwright/test'
import { ApiPromise, WsProvider } from '@polkadot/api'
import { verifyPolkadotMessage } from '../../packages/core/src/adapters/polkadot/verifyMessage.js'
import { DEV_WALLETCONNECT_PROJECT_ID } from '../../scripts/relay/index.js'
import { ports, relayUrl } from '../playwright.config.js'
import { connectButton, dialog } from '../support/app.js'
import { createPhoneWallet, type PhoneWallet } from '../support/phoneWallet.js'
import { createPhonePolkadotSide, type PhonePolkadotSide } from '../support/phoneWalletPolkadot.js'
import { readQrCode } from '../support/qr.js'

// Polkadot over WalletConnect end to end: a phone wallet (WalletConnect's own wallet-side SDK in
// this process, over the dev relay) with a Polkadot account only pairs from the QR code the page
// shows; its sr25519 key (//Alice of the dev phrase, through the test signer) stays here and signs
// what the page asks in the `polkadot` namespace; the dev chain (chopsticks, a real runtime)
// finalizes the transfer. Alice is this spec's alone (polkadot.spec.ts signs with Bob), and no
// EVM account is approved, so it runs in the no-chain lane. Serial: each test starts where the
// one before ended.
test.use({ timezoneId: 'UTC', viewport: { width: 1280, height: 720 } })
test.describe.configure({ mode: 'serial' })

const offset = Number(process.env.LATCH_E2E_PORT_OFFSET ?? 0)
const CHAIN_URL = `ws://127.0.0.1:${18003 + offset}`
const CHAIN = 'polkadot:45454545454545454545454545454545'
const DAVE = 'DfnTB4z7eUvYRqcGtTpFsLC69o6tvBSC1pEv8vWPZFtCkaK'
const short = (address: string) => `${address.slice(0, 4)}…${address.slice(-6)}`

let page: Page
let api: ApiPromise
let polkadot: PhonePolkadotSide
let wallet: PhoneWallet
let account: string

const free = async (address: string) =>
  (await api.query.system.account(address)).data.free.toBigInt()

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000)
  // npm start awaits the chain last: on a new day its seed takes a minute after the web app is up.
  await expect
    .poll(
      async () => {
        const answer = await fetch(CHAIN_URL.replace('ws', 'http'), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'chain_getHeader', params: [] }),
        }).catch(() => undefined)
        const body = (await answer?.json().catch(() => undefined)) as
          | { result?: { number: string } }
          | undefined
        return Number(body?.result?.number ?? 0)
      },
      { timeout: 220_000, intervals: [1_000] },
    )
    .toBeGreaterThanOrEqual(17)
  api = await ApiPromise.create({ provider: new WsProvider(CHAIN_URL), noInitWarn: true })
  polkadot = await createPhonePolkadotSide({ chain: CHAIN, chainUrl: CHAIN_URL, ss58Prefix: 2 })
  account = polkadot.address
  wallet = await createPhoneWallet({
    relayUrl,
    projectId: DEV_WALLETCONNECT_PROJECT_ID,
    rpcUrl: `http://127.0.0.1:${ports.chain}`,
    accountIndex: 4,
    chainIds: [31337],
    sides: [polkadot],
    evm: false,
  })
  page = await (await browser.newContext()).newPage()
})

test.afterAll(async () => {
  await page?.context().close()
  await wallet?.close()
  await polkadot?.close()
  await api?.disconnect()
  // Nothing beyond loopback but WalletConnect's Verify, which this process refused.
  for (const url of wallet?.refused ?? []) expect(url).toMatch(/^https:\/\/verify\.walletconnect\./)
})

test('a Polkadot-only phone wallet pairs from the QR code: its account connects, the app moves to it, its history shows', async () => {
  test.setTimeout(120_000)
  await page.goto('/')
  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Connect')
  await dialog(page).getByTestId('wallet-walletConnect').click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'ConnectingWalletConnect')
  const uri = await readQrCode(dialog(page).getByTestId('walletconnect-qr'))
  expect(uri).toMatch(/^wc:/)
  await wallet.pair(uri as string)
  await expect(dialog(page)).toBeHidden({ timeout: 30_000 })
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected')
  await expect(connectButton(page)).toContainText(short(account))
  // The proposal asked for the app's Polkadot chain and the namespace's methods.
  const proposal = wallet.proposals.at(-1)
  expect(proposal?.polkadot?.chains).toEqual([CHAIN])
  expect(proposal?.polkadot?.methods).toEqual(['polkadot_signMessage', 'polkadot_signTransaction'])
  await expect(page.getByTestId('network-switcher')).toContainText('Polkadot dev chain')
  await expect(page.getByTestId('activity-context')).toContainText(account)
  await expect(page.getByTestId('activity-row').first()).toBeVisible({ timeout: 60_000 })
  // Connecting asked the phone nothing: the session's accounts are enough.
  expect(wallet.requests).toEqual([])
})

test('a message is signed in the phone wallet and verifies', async () => {
  await page.getByRole('button', { name: 'Sign a message' }).click()
  const message = 'Signed for Polkadot over WalletConnect ✓'
  await page.getByRole('textbox', { name: 'Message' }).fill(message)
  await page.getByRole('button', { name: 'Sign with your wallet' }).click()
  await expect(page.getByTestId('signature-check')).toHaveText('✓ Verified: signed by this account')
  const signature = (await page.getByTestId('signature').textContent()) as string
  expect(await verifyPolkadotMessage({ address: account, message, signature })).toBe(true)
  expect(await verifyPolkadotMessage({ address: account, message: `${message}!`, signature })).toBe(
    false,
  )
  expect(wallet.requests).toEqual(['polkadot_signMessage'])
})

test('1 ROC is sent: the phone signs the payload, the chain finalizes it, exactly the amount arrives', async () => {
  test.setTimeout(150_000)
  const before = await free(DAVE)
  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Account')
  await dialog(page).getByTestId('account-send').click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'WalletSend')
  await expect(dialog(page).getByLabel('Token')).toContainText('ROC')
  await dialog(page).getByLabel('Amount').fill('1')
  await dialog(page).getByLabel('To', { exact: true }).fill(DAVE)
  await dialog(page).getByRole('button', { name: 'Review send' }).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'WalletSendPreview')
  await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
  const status = dialog(page).getByTestId('send-status')
  await expect(status).toHaveAttribute('data-status', 'confirmed', { timeout: 60_000 })
  const hash = (await dialog(page).getByTestId('send-hash').getAttribute('data-hash')) as string
  expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
  expect(wallet.requests.at(-1)).toBe('polkadot_signTransaction')
  expect((await free(DAVE)) - before).toBe(1_000_000_000_000n)
  await dialog(page).getByRole('button', { name: 'Done' }).click()
  await expect(page.locator(`[data-testid="activity-row"][data-tx-hash="${hash}"]`)).toBeVisible({
    timeout: 60_000,
  })
})

test("a reload keeps the Polkadot side without asking the phone; the app's disconnect ends the session in the phone", async () => {
  test.setTimeout(90_000)
  const asked = wallet.requests.length
  await page.reload()
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected', { timeout: 30_000 })
  await expect(connectButton(page)).toContainText(short(account))
  expect(wallet.requests.length).toBe(asked)
  await connectButton(page).click()
  await dialog(page).getByTestId('disconnect').click()
  await expect(connectButton(page)).toHaveAttribute('data-state', 'disconnected')
  await expect.poll(() => wallet.sessions()).toBe(0)
  await page.reload()
  await expect(connectButton(page)).toHaveAttribute('data-state', 'disconnected')
})
