import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import {
  createPublicClient,
  createWalletClient,
  http,
  maxUint256,
  numberToHex,
  parseAbi,
  parseEther,
  parseUnits,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { devTokens } from '../../scripts/devchain/accounts.js'
import { dexContracts } from '../../scripts/devchain/dex/addresses.js'
import { ports } from '../playwright.config.js'
import { connectButton, connectWithMouse, dialog, scrollToEnd } from '../support/app.js'
import { readAccountHistory } from '../support/chainHistory.js'
import { type InjectedWallet, injectTestWallet } from '../support/wallet.js'

// Swapping on the dev chain's Uniswap V2 (scripts/devchain/dex) through the kit's Swap view and
// the server's convert routes, with the injected test wallet. Dev mnemonic account 14: no other
// spec uses it, so its balances move only by these swaps. Serial: the second swap spends what the
// first one bought.
test.describe.configure({ mode: 'serial' })

const rpcUrl = `http://127.0.0.1:${ports.chain}`
const MNEMONIC = 'test test test test test test test test test test test junk'
const ACCOUNT_INDEX = 14
const owner = mnemonicToAccount(MNEMONIC, { addressIndex: ACCOUNT_INDEX })
const chain = createPublicClient({ chain: foundry, transport: http(rpcUrl) })
const ETH = 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const LUSD = `eip155:31337:${devTokens.lusd.address}`
const DEMO = `eip155:31337:${devTokens.demo.address}`
const erc20 = parseAbi(['function balanceOf(address) view returns (uint256)'])
const pairAbi = parseAbi([
  'function getPair(address, address) view returns (address)',
  'function token0() view returns (address)',
  'function getReserves() view returns (uint112, uint112, uint32)',
])
const routerAbi = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[])',
])
const lusdOf = () =>
  chain.readContract({
    address: devTokens.lusd.address,
    abi: erc20,
    functionName: 'balanceOf',
    args: [owner.address],
  })

let page: Page
let wallet: InjectedWallet
test.beforeAll(async ({ browser }) => {
  // anvil funds accounts 0 to 9 only: this one gets its ETH here.
  await chain.request({
    method: 'anvil_setBalance' as never,
    params: [owner.address, numberToHex(parseEther('10'))] as never,
  })
  const context = await browser.newContext({ timezoneId: 'UTC' })
  page = await context.newPage()
  wallet = await injectTestWallet(page, { rpcUrl, accountIndex: ACCOUNT_INDEX })
  await page.goto('/')
  await connectWithMouse(page)
})
test.afterAll(() => page.context().close())

async function openSwap() {
  if (await dialog(page).isVisible()) await page.keyboard.press('Escape')
  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Account')
  await dialog(page).getByTestId('account-swap').click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Swap')
  await expect(dialog(page).getByTestId('swap-amount')).toBeVisible()
}

test('swaps ETH for LUSD, receiving at least the quote less the 1 % slippage', async () => {
  await openSwap()
  const view = dialog(page)
  await view.getByTestId('swap-from').selectOption(ETH)
  await view.getByTestId('swap-to').selectOption(LUSD)
  await view.getByTestId('swap-amount').fill('0.1')
  await expect(view.getByTestId('swap-quote')).toContainText('LUSD')
  await expect(view.getByTestId('swap-quote')).toContainText('at 1 % slippage')
  const [, quoted] = await chain.readContract({
    address: dexContracts.router02,
    abi: routerAbi,
    functionName: 'getAmountsOut',
    args: [parseEther('0.1'), [dexContracts.weth9, devTokens.lusd.address]],
  })
  const before = await lusdOf()
  await view.getByTestId('swap-submit').click()
  await expect(view.getByTestId('swap-done')).toBeVisible({ timeout: 60_000 })
  const got = (await lusdOf()) - before
  expect(got).toBeGreaterThanOrEqual(((quoted as bigint) * 99n) / 100n)
  expect(got).toBeLessThanOrEqual(quoted as bigint)
})

/** The LUSD/WETH pool's own price of one ETH in LUSD: its reserves' ratio. */
async function poolPrice(): Promise<number> {
  const pair = await chain.readContract({
    address: dexContracts.factory,
    abi: pairAbi,
    functionName: 'getPair',
    args: [dexContracts.weth9, devTokens.lusd.address],
  })
  const [token0, [r0, r1]] = await Promise.all([
    chain.readContract({ address: pair, abi: pairAbi, functionName: 'token0' }),
    chain.readContract({ address: pair, abi: pairAbi, functionName: 'getReserves' }),
  ])
  const lusdFirst = token0.toLowerCase() === devTokens.lusd.address.toLowerCase()
  const [lusd, weth] = lusdFirst ? [r0, r1] : [r1, r0]
  return Number(lusd) / 10 ** devTokens.lusd.decimals / (Number(weth) / 1e18)
}

test('finds tokens by search; shows price impact, the network fee, and warns above 5 %', async () => {
  await openSwap()
  const view = dialog(page)
  // By keyboard: a pasted address picks DEMO, a name picks Ether, a symbol LUSD.
  await view.getByTestId('swap-from-search').focus()
  await page.keyboard.insertText(devTokens.demo.address.toLowerCase())
  await expect(view.getByTestId('swap-from')).toHaveValue(DEMO)
  await expect(view.getByTestId('swap-from').locator('option')).toHaveCount(1)
  await view.getByTestId('swap-from-search').fill('')
  await page.keyboard.type('ether')
  await expect(view.getByTestId('swap-from')).toHaveValue(ETH)
  await view.getByTestId('swap-to-search').focus()
  await page.keyboard.type('lusd')
  await expect(view.getByTestId('swap-to')).toHaveValue(LUSD)
  await view.getByTestId('swap-to-search').fill('no such coin')
  await expect(view.getByTestId('swap-to-none')).toBeVisible()
  await expect(view.getByTestId('swap-to')).toHaveValue(LUSD)
  await view.getByTestId('swap-to-search').fill('')
  // Each token shows its balance (where the account's balances list it) and price beside it.
  await expect(view.getByTestId('swap-from').locator(`option[value="${ETH}"]`)).toHaveText(
    /^ETH · Ether · \d+\.\d+ held · \d{4}\.\d\d USD$/,
  )
  await expect(view.getByTestId('swap-to').locator(`option[value="${LUSD}"]`)).toHaveText(
    /^LUSD · Latch USD · (.* held · )?1\.00 USD$/,
  )

  await view.getByTestId('swap-amount').fill('0.1')
  await expect(view.getByTestId('swap-impact')).toBeVisible()
  await expect(view.getByTestId('swap-fee')).toContainText(/^Network fee ≈ 0\.\d+ ETH$/)
  // Against the pool itself: the quote is the router's; its worth at the reserves' price.
  const [, quoted] = await chain.readContract({
    address: dexContracts.router02,
    abi: routerAbi,
    functionName: 'getAmountsOut',
    args: [parseEther('0.1'), [dexContracts.weth9, devTokens.lusd.address]],
  })
  const expected =
    (1 - Number(quoted) / 10 ** devTokens.lusd.decimals / (0.1 * (await poolPrice()))) * 100
  const shown = Number(
    /([0-9.]+) %/.exec((await view.getByTestId('swap-impact').textContent()) ?? '')?.[1],
  )
  expect(Math.abs(shown - expected)).toBeLessThanOrEqual(0.011)
  // At least the pool's 0.3 % fee, far from the warning.
  expect(shown).toBeGreaterThanOrEqual(0.3)
  await expect(view.getByTestId('swap-impact-warning')).toHaveCount(0)

  // 9 ETH against a pool of about 100: the trade moves the price by some 8 %.
  await view.getByTestId('swap-amount').fill('9')
  await expect(view.getByTestId('swap-impact-warning')).toContainText(/High price impact: at \d/)
  await expect(view.getByTestId('swap-impact')).toHaveCount(0)
  await view.getByTestId('swap-amount').fill('')
})

test('swaps LUSD for ETH after the approval step; axe finds nothing at 360 px in either theme', async () => {
  await openSwap()
  const view = dialog(page)
  await view.getByTestId('swap-from').selectOption(LUSD)
  await view.getByTestId('swap-to').selectOption(ETH)
  await view.getByTestId('swap-amount').fill('50')
  await expect(view.getByTestId('swap-quote')).toContainText('ETH')
  // axe at a phone's 360 px in both themes; the view is reached and filled by keyboard-usable
  // native controls (selects, inputs, buttons).
  await page.setViewportSize({ width: 360, height: 740 })
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze()
    expect(
      axe.violations.map((v) => v.id),
      colorScheme,
    ).toEqual([])
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize({ width: 1280, height: 720 })
  const lusdBefore = await lusdOf()
  await view.getByTestId('swap-approve').click()
  await expect(view.getByTestId('swap-submit')).toBeVisible({ timeout: 60_000 })
  await view.getByTestId('swap-submit').click()
  await expect(view.getByTestId('swap-done')).toBeVisible({ timeout: 60_000 })
  expect(lusdBefore - (await lusdOf())).toBe(parseUnits('50', devTokens.lusd.decimals))
})

test('a price that moves past the slippage before the swap is mined fails with the reason in words', async () => {
  await openSwap()
  const view = dialog(page)
  await view.getByTestId('swap-from').selectOption(ETH)
  await view.getByTestId('swap-to').selectOption(LUSD)
  await view.getByTestId('swap-amount').fill('0.2')
  await expect(view.getByTestId('swap-quote')).toContainText('LUSD')
  const lusdBefore = await lusdOf()
  // The user's wallet waits on its prompt while someone else buys LUSD with 10 ETH (about 10 %
  // of the pool), so the user's quote less 1 % is no longer on offer.
  const release = wallet.hold('eth_sendTransaction', 'eth_estimateGas')
  await view.getByTestId('swap-submit').click()
  const whale = mnemonicToAccount(MNEMONIC, { addressIndex: 15 })
  await chain.request({
    method: 'anvil_setBalance' as never,
    params: [whale.address, numberToHex(parseEther('20'))] as never,
  })
  const hash = await createWalletClient({ account: whale, transport: http(rpcUrl) }).writeContract({
    chain: foundry,
    address: dexContracts.router02,
    abi: routerAbi,
    functionName: 'swapExactETHForTokens',
    args: [1n, [dexContracts.weth9, devTokens.lusd.address], whale.address, maxUint256],
    value: parseEther('10'),
  })
  expect((await chain.waitForTransactionReceipt({ hash })).status).toBe('success')
  release()
  await expect(view.getByTestId('swap-failed')).toContainText(
    'The price moved past your slippage tolerance before the swap was mined.',
    { timeout: 60_000 },
  )
  expect(await lusdOf()).toBe(lusdBefore)
})

test("a network without swaps says 'Network not supported for Swaps'", async () => {
  if (await dialog(page).isVisible()) await page.keyboard.press('Escape')
  await page.getByTestId('network-switcher').click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Networks')
  await dialog(page).getByTestId('network-eip155:11155111').click()
  await expect(page.getByTestId('network-switcher')).toContainText('Sepolia')
  if (await dialog(page).isVisible()) await page.keyboard.press('Escape')
  await connectButton(page).click()
  await dialog(page).getByTestId('account-swap').click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Swap')
  await expect(dialog(page).getByTestId('swap-unavailable')).toHaveText(
    /^Network not supported for Swaps/,
  )
  await expect(dialog(page).getByTestId('swap-amount')).toHaveCount(0)
})

test("account 0's seeded Uniswap swaps show in its history as Swapped rows with both legs", async ({
  browser,
}) => {
  // The seed's trades through the router (scripts/devchain/dex/seedPlan.ts), found on the chain.
  const account0 = mnemonicToAccount(MNEMONIC, { addressIndex: 0 }).address
  const txs = await Promise.all(
    (await readAccountHistory(rpcUrl, account0)).map((tx) =>
      chain.getTransaction({ hash: tx.hash }),
    ),
  )
  const swaps = txs.filter(
    (tx) =>
      tx.to?.toLowerCase() === dexContracts.router02.toLowerCase() &&
      tx.from.toLowerCase() === account0.toLowerCase(),
  )
  expect(swaps).toHaveLength(4)
  const context = await browser.newContext({ timezoneId: 'UTC' })
  const history = await context.newPage()
  await injectTestWallet(history, { rpcUrl, accountIndex: 0 })
  await history.goto('/')
  await connectWithMouse(history)
  await expect(history.getByTestId('activity-row').first()).toBeVisible()
  await scrollToEnd(history)
  for (const tx of swaps) {
    const row = history.locator(`[data-tx-hash="${tx.hash}"]`)
    await expect(row).toContainText('Swapped')
    // Both legs, what left and what arrived: '0.5 ETH → 1,491.2 LUSD'.
    await expect(row.locator('.latch-activity-description')).toHaveText(
      /^[\d,.]+ (ETH|LUSD) → [\d,.]+ (ETH|LUSD|DEMO)$/,
    )
  }
  const ethForLusd = swaps.find((tx) => tx.value === parseEther('0.5'))
  await expect(
    history.locator(`[data-tx-hash="${ethForLusd?.hash}"] .latch-activity-description`),
  ).toHaveText(/^0\.5 ETH → [\d,.]+ LUSD$/)
  await context.close()
})
