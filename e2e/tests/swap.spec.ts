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
import { connectButton, connectWithMouse, dialog } from '../support/app.js'
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
const erc20 = parseAbi(['function balanceOf(address) view returns (uint256)'])
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
