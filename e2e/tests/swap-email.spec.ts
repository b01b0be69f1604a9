import { expect, type Page, test } from '@playwright/test'
import {
  createPublicClient,
  encodeFunctionData,
  formatUnits,
  getAddress,
  type Hex,
  http,
  numberToHex,
  parseAbi,
  parseEther,
} from 'viem'
import { foundry } from 'viem/chains'
import { uniswapV2RouterAbi } from '../../packages/frame/src/app/signers/eip155/decode/swap.js'
import { swapText } from '../../packages/frame/src/app/signers/eip155/decode/swapView.js'
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
  // The frame shows the swap in words and its simulated balance changes before anything is
  // signed: the least it accepts at the default 1 % slippage, and the router's own quote arriving.
  const frame = approvalView(page)
  const lusd = (n: bigint) => `${formatUnits(n, devTokens.lusd.decimals)} LUSD`
  await expect(frame.getByTestId('summary')).toHaveText(
    `Swap 0.05 ETH for at least ${lusd(((quoted as bigint) * 99n) / 100n)}`,
    { timeout: 30_000 },
  )
  await expect(frame).toContainText(`Recipient${address} (your account)`)
  await expect(frame).toContainText(/Deadline[^(]+ UTC \(in 20 minutes\)/)
  await expect(frame).toContainText('You send0.05 ETH')
  await expect(frame).toContainText(`You receive${lusd(quoted as bigint)}`)
  await expect(frame.getByTestId('danger')).toHaveCount(0)
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

test('a page asking the embedded wallet for a swap that pays another address is flagged', async () => {
  // The page's own script, through the app's connector: a swap that looks ordinary but sends the
  // LUSD to someone else.
  const ATTACKER = '0xBAd0000000000000000000000000000000000Bad'
  const { timestamp } = await chain.getBlock()
  const data = encodeFunctionData({
    abi: uniswapV2RouterAbi,
    functionName: 'swapExactETHForTokens',
    args: [1n, [dexContracts.weth9, devTokens.lusd.address], ATTACKER, timestamp + 600n],
  })
  await page.evaluate(
    async (tx) => {
      type Provider = { request(args: unknown): Promise<unknown> }
      const w = window as unknown as {
        __latchDev: {
          adapter: {
            wagmiConfig: { connectors: { id: string; getProvider(): Promise<Provider> }[] }
          }
        }
        pending?: Promise<unknown>
      }
      const connector = w.__latchDev.adapter.wagmiConfig.connectors.find(
        (c) => c.id === 'latch-auth',
      )
      const provider = await connector!.getProvider()
      w.pending = provider
        .request({ method: 'eth_sendTransaction', params: [tx] })
        .catch((e: { code?: number }) => ({ code: e.code }))
    },
    { from: address, to: dexContracts.router02, value: numberToHex(parseEther('0.01')), data },
  )
  const frame = approvalView(page)
  await expect(frame.getByTestId('danger')).toHaveText(swapText.dangerRecipient(ATTACKER), {
    timeout: 30_000,
  })
  await expect(frame.getByTestId('summary')).toContainText(`, paid to ${ATTACKER}`)
  await expect(frame).toContainText(`Recipient${ATTACKER} (NOT your account)`)
  // What the account would get back: nothing.
  await expect(frame).toContainText('Simulated effectsYou send0.01 ETHTransaction')
  await frame.getByTestId('reject').click()
  expect(await page.evaluate(() => (window as unknown as { pending: unknown }).pending)).toEqual({
    code: 4001,
  })
})
