import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, type Page, test } from '@playwright/test'
import { encodeFunctionData, erc20Abi, getAddress, maxUint256, stringToHex } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import { permit2Single } from '../../packages/frame/src/app/signers/eip155/decode/fixtures.js'
import { devTokens } from '../../scripts/devchain/accounts.js'
import { webUrl } from '../playwright.config.js'
import {
  approvalView,
  frameUrl,
  HARNESS_PATH,
  openHarness,
  projectIdOf,
  withoutLocalNetworkAccessChecks,
} from '../support/embedded.js'
import { armClickjack, FOREIGN_ORIGIN, framerHtml } from '../support/hostile/pages.js'
import { attackOutcome, settleAttack, signIn, startAttack } from '../support/hostile/session.js'

// Attacks on the approval screen, each of which must fail for the attacker. One signed-in user
// (one browser context) plays the victim throughout.
test.describe.configure({ mode: 'serial' })
test.use(withoutLocalNetworkAccessChecks())

const artifacts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts')
const ATTACKER = '0xbad0000000000000000000000000000000000bad'
const TOKEN = devTokens.lusd.address
const email = `e2e-approval-${Date.now()}@example.com`
let projectId: string
let address: `0x${string}`
let page: Page

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext()).newPage()
  projectId = await projectIdOf(page)
  address = await signIn(page, projectId, email)
})
test.afterAll(() => page.context().close())

test('a Permit2 max allowance padded with 2,000 newlines shows spender, token and Unlimited', async () => {
  await openHarness(page, projectId)
  // The real Permit2 types (the decoder's fixture); the domain and message are this chain's.
  const permit = {
    types: permit2Single.types,
    domain: {
      name: 'Permit2',
      chainId: 31337,
      verifyingContract: '0x000000000022D473030F116dDEE9F6B43aC78BA3',
    },
    primaryType: 'PermitSingle',
    message: {
      details: {
        token: TOKEN,
        amount: (2n ** 160n - 1n).toString(),
        expiration: '1893456000',
        nonce: '0',
      },
      spender: ATTACKER,
      sigDeadline: '1893456000',
    },
  }
  await startAttack(page, {
    method: 'eth_signTypedData_v4',
    params: [address, `${'\n'.repeat(2000)}${JSON.stringify(permit)}`],
  })
  const view = approvalView(page)
  const summary = view.getByTestId('summary')
  // Spender, token (the symbol read from the chain) and amount, in one sentence.
  await expect(summary).toHaveText(
    `Allow ${getAddress(ATTACKER)} to spend Unlimited LUSD until 2030-01-01 00:00 UTC`,
  )
  // What matters is on screen without scrolling, not below 2,000 blank lines.
  await expect(summary).toBeInViewport({ ratio: 1 })
  await expect(view.getByTestId('danger').first()).toContainText(
    `Unlimited approval: ${getAddress(ATTACKER)} could take all of your LUSD (${TOKEN})`,
  )
  await expect(view.getByTestId('danger').first()).toBeInViewport()
  await expect(view.getByTestId('origin')).toHaveText(webUrl)
  await page.screenshot({ path: path.join(artifacts, 'approval-padded-permit2.png') })
  await view.getByTestId('reject').click()
  expect((await settleAttack(page)).error).toEqual({
    message: 'User rejected the request.',
    code: 4001,
  })
})

test('an unlimited token approval sent as a transaction is decoded and flagged', async () => {
  await openHarness(page, projectId)
  const data = encodeFunctionData({
    abi: erc20Abi,
    functionName: 'approve',
    args: [ATTACKER, maxUint256],
  })
  await startAttack(page, {
    method: 'eth_sendTransaction',
    params: [{ from: address, to: TOKEN, data }],
  })
  const view = approvalView(page)
  await expect(view.getByTestId('summary')).toHaveText(
    `Allow ${getAddress(ATTACKER)} to spend Unlimited LUSD`,
  )
  await expect(view.getByTestId('danger').first()).toContainText('Unlimited approval')
  await expect(view).toContainText(`${TOKEN} (contract)`)
  await expect(view).toContainText('Local dev chain (id 31337)')
  // Simulated on the dev chain through the server's proxy: an approval moves no funds.
  await expect(view).toContainText('Balance changesNone')
  await view.getByTestId('reject').click()
  expect((await settleAttack(page)).error?.code).toBe(4001)
})

test('a phishing sign-in message (another site’s domain) is flagged; the site’s own is not', async () => {
  await openHarness(page, projectId)
  const siwe = (domain: string) =>
    createSiweMessage({
      address,
      chainId: 31337,
      domain,
      nonce: 'e2enonce12345678',
      uri: `https://${domain}/login`,
      version: '1',
    })
  await startAttack(page, {
    method: 'personal_sign',
    params: [stringToHex(siwe('bank.example')), address],
  })
  const view = approvalView(page)
  await expect(view.getByTestId('danger')).toContainText(
    `Likely phishing: this sign-in message is for bank.example, but the request comes from ${webUrl}`,
  )
  await view.getByTestId('reject').click()
  expect((await settleAttack(page)).error?.code).toBe(4001)

  const own = new URL(webUrl).host
  await startAttack(page, { method: 'personal_sign', params: [stringToHex(siwe(own)), address] })
  await expect(view.getByTestId('summary')).toContainText(`Sign in to ${own}`)
  await expect(view.getByTestId('danger')).toHaveCount(0)
  await view.getByTestId('reject').click()
  expect((await settleAttack(page)).error?.code).toBe(4001)
})

test('a 1 % opaque frame over a "Claim" button that signs on hover gets no signature', async () => {
  await openHarness(page, projectId)
  await page.evaluate(armClickjack, {
    method: 'personal_sign',
    params: [stringToHex('I approve transferring everything'), address],
  })
  await page.mouse.move(640, 360)
  const approve = approvalView(page).getByTestId('approve')
  await expect(approve).toBeAttached()
  const box = (await approve.boundingBox())!
  // The victim clicks "Claim" again and again; every click lands on the invisible Approve.
  for (let i = 0; i < 6; i++) {
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    await expect(approve).toBeDisabled()
  }
  // Chromium reports the faded frame as not visible, so Approve never arms.
  await expect(approve).not.toHaveAttribute('data-ready')
  expect(await attackOutcome(page)).toBeUndefined()

  // Control: the same frame at full opacity arms Approve, so the gate above was visibility.
  await page.evaluate(() => document.getElementById('clickjack')!.remove())
  await expect(approve).toBeEnabled()
  await approvalView(page).getByTestId('reject').click()
  expect((await settleAttack(page)).error?.code).toBe(4001)
})

test('a foreign origin that frames an allowed page cannot use the wallet inside it', async ({
  browser,
}) => {
  const context = await browser.newContext()
  const framer = await context.newPage()
  try {
    // The frame's own check is under test, not the CSP: serve the frame without its headers.
    await context.route(`${frameUrl}?*`, async (route) => {
      const response = await route.fetch()
      const headers = { ...response.headers() }
      delete headers['content-security-policy']
      await route.fulfill({ response, headers })
    })
    // Opened on its own, the allowed page (the harness at the app's origin) gets the wallet;
    // this also installs the page's routes that serve the harness inside the framer below.
    await openHarness(framer, projectId)
    await framer.route(`${FOREIGN_ORIGIN}/`, (route) =>
      route.fulfill({ contentType: 'text/html', body: framerHtml(`${webUrl}${HARNESS_PATH}`) }),
    )
    await framer.goto(`${FOREIGN_ORIGIN}/`)
    const wallet = framer.frameLocator('#inner').frameLocator('iframe[data-latch-frame]')
    await expect(wallet.locator('#frame-root')).toHaveText(
      'This app is not allowed to use this wallet.',
    )
  } finally {
    await context.close().catch(() => {})
  }
})
