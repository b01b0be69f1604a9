import { expect, type Page, test } from '@playwright/test'
import {
  createPublicClient,
  getAddress,
  type Hex,
  http,
  numberToHex,
  parseAbi,
  parseEther,
} from 'viem'
import { foundry } from 'viem/chains'
import { devTokens } from '../../scripts/devchain/accounts.js'
import { dexContracts } from '../../scripts/devchain/dex/addresses.js'
import { ports } from '../playwright.config.js'
import { connectButton, dialog } from '../support/app.js'
import { approvalView, withoutLocalNetworkAccessChecks } from '../support/embedded.js'
import { startEmailSignInInModal, typeCodeInFrame } from '../support/frameSignIn.js'
import { readCode } from '../support/mailbox.js'

// An email user swaps ETH for LUSD on the dev chain's Uniswap V2: the Swap view builds the swap
// through the server, and the embedded wallet's own approval view in the secure frame sends it.
test.describe.configure({ mode: 'serial' })
test.use(withoutLocalNetworkAccessChecks())

const chain = createPublicClient({
  chain: foundry,
  transport: http(`http://127.0.0.1:${ports.chain}`),
})
const email = `swap-${Date.now()}@example.com`
const ETH = 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const LUSD = `eip155:31337:${devTokens.lusd.address}`
const erc20 = parseAbi(['function balanceOf(address) view returns (uint256)'])
const routerAbi = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
])

let page: Page
let address: Hex
test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext({ timezoneId: 'UTC' })).newPage()
})
test.afterAll(() => page.context().close())

test('an email user swaps ETH for LUSD, approving in the secure frame', async () => {
  // The sign-in (mail, code, key shares) comes first on two shared cores.
  test.setTimeout(150_000)
  await page.goto('/')
  await connectButton(page).click()
  await startEmailSignInInModal(page, email)
  const { code } = await readCode(email)
  await typeCodeInFrame(page, code)
  await expect(dialog(page)).toBeHidden({ timeout: 30_000 })
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected')
  address = getAddress(
    (await page.evaluate(() => {
      const w = window as unknown as {
        __latchDev: { auth: { getUser(): { address: string } | undefined } }
      }
      return w.__latchDev.auth.getUser()?.address
    })) as string,
  )
  await chain.request({
    method: 'anvil_setBalance' as never,
    params: [address, numberToHex(parseEther('2'))] as never,
  })

  await connectButton(page).click()
  await dialog(page).getByTestId('account-swap').click()
  const view = dialog(page)
  await expect(view).toHaveAttribute('data-view', 'Swap')
  await view.getByTestId('swap-from').selectOption(ETH)
  await view.getByTestId('swap-to').selectOption(LUSD)
  await view.getByTestId('swap-amount').fill('0.05')
  await expect(view.getByTestId('swap-quote')).toContainText('LUSD')
  const [, quoted] = await chain.readContract({
    address: dexContracts.router02,
    abi: routerAbi,
    functionName: 'getAmountsOut',
    args: [parseEther('0.05'), [dexContracts.weth9, devTokens.lusd.address]],
  })
  await view.getByTestId('swap-submit').click()
  // The frame shows the call and the value before anything is signed.
  await expect(approvalView(page)).toContainText('0.05 ETH', { timeout: 30_000 })
  await approvalView(page).getByTestId('approve').click()
  await expect(view.getByTestId('swap-done')).toBeVisible({ timeout: 60_000 })
  const got = await chain.readContract({
    address: devTokens.lusd.address,
    abi: erc20,
    functionName: 'balanceOf',
    args: [address],
  })
  expect(got).toBeGreaterThanOrEqual(((quoted as bigint) * 99n) / 100n)
  expect(got).toBeLessThanOrEqual(quoted as bigint)
})
