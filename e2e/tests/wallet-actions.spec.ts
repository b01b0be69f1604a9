import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import {
  createPublicClient,
  createWalletClient,
  erc20Abi,
  formatUnits,
  http,
  parseEther,
  parseUnits,
} from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { deployerPrivateKey, devTokens, strangerAddress } from '../../scripts/devchain/accounts.js'
import { ports } from '../playwright.config.js'
import { connectButton, connectWithMouse, dialog } from '../support/app.js'
import { readQrCode } from '../support/qr.js'
import { type InjectedWallet, injectTestWallet } from '../support/wallet.js'

// The account actions of the Account view on anvil, with the injected test wallet on dev account
// 6 (no other spec uses it): token balances, send (native and ERC-20), a send that reverts, and
// receive with a QR code. Serial: later tests build on the balances earlier ones leave.
test.describe.configure({ mode: 'serial' })

const rpcUrl = `http://127.0.0.1:${ports.chain}`
const MNEMONIC = 'test test test test test test test test test test test junk'
const ACCOUNT_INDEX = 6
const owner = mnemonicToAccount(MNEMONIC, { addressIndex: ACCOUNT_INDEX })
const chain = createPublicClient({ chain: foundry, transport: http(rpcUrl) })
const lusd = devTokens.lusd
const receiver = strangerAddress(60)

const lusdOf = async (address: `0x${string}`) =>
  formatUnits(
    await chain.readContract({
      address: lusd.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    }),
    lusd.decimals,
  )

/** Mints LUSD to the account as the seed's deployer (the token's minter). */
async function mintLusd(amount: string) {
  const deployer = createWalletClient({
    account: privateKeyToAccount(deployerPrivateKey),
    chain: foundry,
    transport: http(rpcUrl),
  })
  const hash = await deployer.writeContract({
    address: lusd.address,
    abi: [
      {
        type: 'function',
        name: 'mint',
        stateMutability: 'nonpayable',
        inputs: [
          { name: 'to', type: 'address' },
          { name: 'value', type: 'uint256' },
        ],
        outputs: [],
      },
    ],
    functionName: 'mint',
    args: [owner.address, parseUnits(amount, lusd.decimals)],
  })
  expect((await chain.waitForTransactionReceipt({ hash })).status).toBe('success')
}

async function axe(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze()
  expect(
    results.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) })),
    name,
  ).toEqual([])
}

/** Opens the Account view and waits until its token list shows `symbol` at `amount`. */
async function openAccount(page: Page, symbol: string, amount: string) {
  await expect
    .poll(
      async () => {
        if (await dialog(page).isVisible()) await page.keyboard.press('Escape')
        await connectButton(page).click()
        await expect(dialog(page)).toHaveAttribute('data-view', 'Account')
        const row = dialog(page).locator(`[data-testid="token-balance"][data-symbol="${symbol}"]`)
        await expect(dialog(page).getByTestId('token-balances')).toBeVisible()
        return (await row.count()) ? row.locator('.latch-token-amount').textContent() : 'none'
      },
      // The server learns of a mint when its indexer reads the block.
      { timeout: 30_000, intervals: [500, 1_000, 2_000] },
    )
    .toBe(`${amount} ${symbol}`)
}

let page: Page
let wallet: InjectedWallet
test.beforeAll(async ({ browser }) => {
  await mintLusd('100')
  const context = await browser.newContext({ timezoneId: 'UTC' })
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  page = await context.newPage()
  wallet = await injectTestWallet(page, { rpcUrl, accountIndex: ACCOUNT_INDEX })
  await page.goto('/')
  await connectWithMouse(page)
})
test.afterAll(() => page.context().close())

test('the Account view lists the native and ERC-20 balances the chain holds', async () => {
  await openAccount(page, 'LUSD', '100')
  const eth = dialog(page).locator('[data-testid="token-balance"][data-symbol="ETH"]')
  await expect(eth).toContainText('10,000 ETH')
  await axe(page, 'account with tokens')
})

test('the send form refuses bad input with a message per field', async () => {
  await dialog(page).getByTestId('account-send').click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'WalletSend')
  const review = dialog(page).getByRole('button', { name: 'Review send' })
  const alert = dialog(page).getByRole('alert')
  await review.click()
  await expect(alert).toHaveText('An amount and receiver address are required')
  await expect(dialog(page).getByLabel('Amount')).toBeFocused()

  await dialog(page).getByLabel('Amount').fill('1')
  await dialog(page).getByLabel('To', { exact: true }).fill('not-an-address')
  await review.click()
  await expect(alert).toHaveText('Enter a valid address')
  await expect(dialog(page).getByLabel('To', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  )

  await dialog(page).getByLabel('To', { exact: true }).fill(receiver)
  await dialog(page).getByLabel('Amount').fill('20000')
  await review.click()
  await expect(alert).toHaveText('Insufficient funds')
  await axe(page, 'send form with an error')
  // At 360 px (a small phone) nothing in the form is cut off or scrolls sideways.
  const size = page.viewportSize()
  await page.setViewportSize({ width: 360, height: 740 })
  const overflow = await dialog(page).evaluate((el) => {
    const view = el.querySelector('[data-testid="view-send"]') as HTMLElement
    return {
      view: view.scrollWidth - view.clientWidth,
      page: document.documentElement.scrollWidth - 360,
    }
  })
  expect(overflow).toEqual({ view: 0, page: 0 })
  if (size) await page.setViewportSize(size)
})

test('sends 12.5 LUSD: review, wallet, pending, confirmed; balances follow the chain', async () => {
  const option = dialog(page).locator('option', { hasText: 'LUSD' })
  await dialog(page)
    .getByLabel('Token')
    .selectOption((await option.getAttribute('value')) ?? '')
  await dialog(page).getByLabel('Amount').fill('12.5')
  await dialog(page).getByLabel('To', { exact: true }).fill(receiver)
  await expect(dialog(page).getByTestId('send-fee')).toContainText('≈')
  await dialog(page).getByRole('button', { name: 'Review send' }).click()

  await expect(dialog(page)).toHaveAttribute('data-view', 'WalletSendPreview')
  await expect(dialog(page).getByTestId('review-amount')).toHaveText('12.5 LUSD')
  await expect(dialog(page).getByTestId('review-receiver')).toHaveText(receiver)
  await expect(dialog(page).getByTestId('review-fee')).toContainText('ETH')
  await axe(page, 'send review')
  // The wallet holds the request, as a person reading it would; the view says so meanwhile.
  const release = wallet.hold('eth_sendTransaction')
  await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
  await expect(dialog(page).getByTestId('send-status')).toHaveAttribute('data-status', 'signing')
  release()
  await expect(dialog(page).getByTestId('send-status')).toHaveAttribute(
    'data-status',
    'confirmed',
    { timeout: 30_000 },
  )
  const hash = (await dialog(page)
    .getByTestId('send-hash')
    .getAttribute('data-hash')) as `0x${string}`
  expect((await chain.getTransactionReceipt({ hash })).status).toBe('success')
  expect(await lusdOf(receiver)).toBe('12.5')
  expect(await lusdOf(owner.address)).toBe('87.5')
  await dialog(page).getByRole('button', { name: 'Done' }).click()
  await expect(dialog(page)).toBeHidden()

  // The page's activity list has the send at once, before the server indexed it.
  const row = page.locator(`[data-testid="activity-row"][data-tx-hash="${hash}"]`)
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('12.5')
  await openAccount(page, 'LUSD', '87.5')
})

test('sends 0.25 ETH; the receiver has exactly that much more', async () => {
  const before = await chain.getBalance({ address: receiver })
  await dialog(page).getByTestId('account-send').click()
  const option = dialog(page).locator('option', { hasText: 'ETH' })
  await dialog(page)
    .getByLabel('Token')
    .selectOption((await option.getAttribute('value')) ?? '')
  await dialog(page).getByLabel('Amount').fill('0.25')
  await dialog(page).getByLabel('To', { exact: true }).fill(receiver)
  await dialog(page).getByRole('button', { name: 'Review send' }).click()
  await expect(dialog(page).getByTestId('review-amount')).toHaveText('0.25 ETH')
  await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
  await expect(dialog(page).getByTestId('send-status')).toHaveAttribute(
    'data-status',
    'confirmed',
    { timeout: 30_000 },
  )
  expect((await chain.getBalance({ address: receiver })) - before).toBe(parseEther('0.25'))
  await dialog(page).getByRole('button', { name: 'Done' }).click()
})

test('a send that reverts on chain shows the failure', async () => {
  await openAccount(page, 'LUSD', '87.5')
  await dialog(page).getByTestId('account-send').click()
  const option = dialog(page).locator('option', { hasText: 'LUSD' })
  await dialog(page)
    .getByLabel('Token')
    .selectOption((await option.getAttribute('value')) ?? '')
  await dialog(page).getByLabel('Amount').fill('50')
  await dialog(page).getByLabel('To', { exact: true }).fill(receiver)
  await dialog(page).getByRole('button', { name: 'Review send' }).click()
  await expect(dialog(page).getByTestId('review-fee')).toContainText('ETH')
  // While the wallet holds the request, the account's LUSD leaves by another route: the
  // transfer, signed with the gas limit the review showed, is mined and reverts.
  const release = wallet.hold('eth_sendTransaction')
  await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
  await expect(dialog(page).getByTestId('send-status')).toHaveAttribute('data-status', 'signing')
  const drain = await createWalletClient({
    account: owner,
    chain: foundry,
    transport: http(rpcUrl),
  }).writeContract({
    address: lusd.address,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [strangerAddress(61), parseUnits('87.5', lusd.decimals)],
  })
  await chain.waitForTransactionReceipt({ hash: drain })
  release()
  await expect(dialog(page).getByTestId('send-status')).toHaveAttribute('data-status', 'failed', {
    timeout: 30_000,
  })
  await expect(dialog(page).getByTestId('send-status')).toHaveText(
    'Failed: the transaction was reverted on chain.',
  )
  const hash = (await dialog(page)
    .getByTestId('send-hash')
    .getAttribute('data-hash')) as `0x${string}`
  expect((await chain.getTransactionReceipt({ hash })).status).toBe('reverted')
  await dialog(page).getByRole('button', { name: 'Done' }).click()
})

test('receive shows the address and a QR code that decodes to it', async () => {
  await connectButton(page).click()
  await dialog(page).getByTestId('account-receive').click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'WalletReceive')
  await expect(dialog(page).getByTestId('receive-address')).toHaveText(owner.address)
  await expect(dialog(page).getByTestId('receive-networks')).toContainText('Latch Dev Chain')
  expect(await readQrCode(dialog(page).getByTestId('receive-qr'))).toBe(owner.address)
  await dialog(page).getByRole('button', { name: 'Copy address' }).click()
  await expect(dialog(page).getByRole('status').filter({ hasText: 'Address copied' })).toHaveCount(
    1,
  )
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(owner.address)
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme })
    await axe(page, `receive (${theme})`)
  }
})

/** The list's refresh interval: core's TOKEN_BALANCE_CACHE_MS (docs/behaviour.md). */
const TOKEN_BALANCE_REFRESH_MS = 30_000

test('a token the account receives appears while the Account view is open', async () => {
  await page.keyboard.press('Escape')
  // The page's clock is driven rather than waited out: the list sets its 30 s timer on opening.
  await page.clock.install()
  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Account')
  const row = dialog(page).locator('[data-testid="token-balance"][data-symbol="LUSD"]')
  // The failed send's drain left no LUSD.
  await expect(row).toHaveCount(0)
  await mintLusd('5')
  // No click: the list reads the balances again once its 30 s cache has expired. Each poll lets
  // the next 30 s pass at once; the server knows of the mint once its indexer has read the block.
  await expect
    .poll(async () => {
      await page.clock.fastForward(TOKEN_BALANCE_REFRESH_MS + 1_000)
      return row.count()
    })
    .toBe(1)
  await expect(row.locator('.latch-token-amount')).toHaveText('5 LUSD')
})
