import { expect, type Page, test } from '@playwright/test'
import {
  createPublicClient,
  createWalletClient,
  getAddress,
  type Hex,
  http,
  parseEther,
  toHex,
  verifyMessage,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { ports, webUrl } from '../playwright.config.js'
import { connectButton, dialog } from '../support/app.js'
import { approvalView, withoutLocalNetworkAccessChecks } from '../support/embedded.js'
import {
  approveDeviceByLink,
  emailCodeView,
  expectAccessible,
  signInStatus,
  startEmailSignInInModal,
  typeCodeInFrame,
} from '../support/frameSignIn.js'
import { latestCode, readApprovalLink, readCode } from '../support/mailbox.js'

// The web app's own email sign-in: the modal's email field, the code from the dev mailbox typed
// in the secure frame's own window, the embedded wallet there, and its transactions in the
// activity list.
// Serial: one visitor signs in once; the later tests are that visitor's next steps.
test.describe.configure({ mode: 'serial' })

// App on localhost, frame on 127.0.0.1: see withoutLocalNetworkAccessChecks.
test.use(withoutLocalNetworkAccessChecks())

const chain = createPublicClient({
  chain: foundry,
  transport: http(`http://127.0.0.1:${ports.chain}`),
})
const email = `web-${Date.now()}@example.com`
const newEmail = `web-new-${Date.now()}@example.com`
const frame = (page: Page) => page.locator('iframe[data-latch-frame]')
const approval = approvalView

async function axe(page: Page, name: string) {
  await page.waitForTimeout(150)
  await expectAccessible(page, name)
}

/**
 * Sends an EIP-1193 request through the app's own wagmi connector (dev builds expose it on
 * `window.__latchDev`) without waiting; `settle` awaits the answer.
 */
async function startRequest(page: Page, args: { method: string; params?: unknown }) {
  await page.evaluate(async (a) => {
    type Provider = { request(args: unknown): Promise<unknown> }
    const w = window as unknown as {
      __latchDev: {
        adapter: {
          wagmiConfig: { connectors: { id: string; getProvider(): Promise<Provider> }[] }
        }
      }
      pending?: Promise<unknown>
    }
    const connector = w.__latchDev.adapter.wagmiConfig.connectors.find((c) => c.id === 'latch-auth')
    const provider = await connector!.getProvider()
    w.pending = provider.request(a).then(
      (value) => ({ value }),
      (e: { message: string; code?: number }) => ({ error: { message: e.message, code: e.code } }),
    )
  }, args)
}
/**
 * The answer to the request `startRequest` sent. One that never comes fails with what the frame
 * shows at that moment, so a failure in a CI log says where the request stopped.
 */
async function settle(page: Page): Promise<{
  value?: unknown
  error?: { message: string; code?: number }
}> {
  const answer = await page.evaluate(() =>
    Promise.race([
      (window as unknown as { pending: Promise<unknown> }).pending,
      new Promise((resolve) => setTimeout(() => resolve('no answer'), 20_000)),
    ]),
  )
  if (answer !== 'no answer') return answer as Awaited<ReturnType<typeof settle>>
  const frameState = await page
    .locator('iframe[data-latch-frame]')
    .evaluate((el) => `${(el as HTMLIFrameElement).style.cssText}`)
    .catch((e) => String(e))
  const view = await frame(page)
    .contentFrame()
    .locator('body')
    .innerHTML({ timeout: 2_000 })
    .catch((e) => String(e))
  throw new Error(
    `The request got no answer in 20 s. Frame style: ${frameState}. Frame body: ${view}`,
  )
}

const signedInAddress = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as {
      __latchDev: { auth: { getUser(): { address: string } | undefined } }
    }
    return w.__latchDev.auth.getUser()?.address
  })

type FrameWallet = {
  getUser(p: { chainId: string }): Promise<{ accounts?: { address: string; type: string }[] }>
}
/** The frame's own answer on the dev chain: both accounts, the active one first. */
const frameAccounts = (page: Page) =>
  page.evaluate(async () => {
    const w = window as unknown as { __latchDev: { auth: { load(): Promise<FrameWallet> } } }
    const user = await (await w.__latchDev.auth.load()).getUser({ chainId: 'eip155:31337' })
    return user.accounts ?? []
  })
// The web app offers smart accounts on the dev chain (development builds): an email user's
// account there is a Safe by default, and the same key's EOA is the other one.
let page: Page
/** The user's Safe, the active account after sign-in. */
let address: Hex
/** The same user's EOA, the Safe's owner. */
let eoa: Hex
test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext({ timezoneId: 'UTC' })).newPage()
})
test.afterAll(() => page.context().close())

test('with no browser wallet the email field comes first; bad input is refused', async () => {
  await page.goto('/')
  await expect(page.getByTestId('chain-id')).toHaveText('31337')
  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Connect')
  const field = dialog(page).getByLabel('Email')
  await expect(field).toBeVisible()
  // Nothing of the frame loads until the visitor picks email.
  await expect(frame(page)).toHaveCount(0)
  // First: no wallet section comes before the email form.
  const firstBlock = dialog(page)
    .locator('[data-testid="view-connect"] > :is(form, section)')
    .first()
  await expect(firstBlock).toHaveAttribute('data-section', 'email')

  await field.fill('not-an-email')
  await dialog(page).getByRole('button', { name: 'Continue', exact: true }).click()
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(dialog(page).getByRole('alert')).toBeVisible()
  await expect(frame(page)).toHaveCount(0)
  await axe(page, 'connect with email field, invalid')
})

test('signs in with the code typed in the secure frame; the address shows', async () => {
  // The modal only waits on the frame (startEmailSignInInModal checks it has no field); the
  // frame's own view asks for the code.
  await startEmailSignInInModal(page, email)
  await expect(dialog(page)).toContainText(email)
  await expect(emailCodeView(page)).toContainText(email)
  // axe goes into the frame too: the modal's wait and the frame's code view, in both themes.
  await axe(page, 'verify code')
  await page.emulateMedia({ colorScheme: 'dark' })
  await axe(page, 'verify code, dark')
  await page.emulateMedia({ colorScheme: 'light' })

  // A wrong code is refused in the frame; its view and the modal's wait stay.
  const { code } = await readCode(email)
  const wrong = code === '000000' ? '111111' : '000000'
  await typeCodeInFrame(page, wrong)
  await expect(signInStatus(page)).toHaveAttribute('role', 'alert')
  await expect(emailCodeView(page).getByTestId('signin-code')).toHaveValue('')
  await expect(dialog(page)).toHaveAttribute('data-view', 'EmailVerifyOtp')

  await typeCodeInFrame(page, code)
  await expect(dialog(page)).toBeHidden({ timeout: 30_000 })
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected')
  address = getAddress((await signedInAddress(page)) as string)
  await expect(connectButton(page)).toContainText(`${address.slice(0, 4)}…${address.slice(-6)}`)
  // A smart account by default on the dev chain: the Safe is active, its owner the EOA.
  const accounts = await frameAccounts(page)
  expect(accounts.map((a) => a.type)).toEqual(['smartAccount', 'eoa'])
  expect(getAddress(accounts[0]!.address)).toBe(address)
  eoa = getAddress(accounts[1]!.address)
  expect(eoa).not.toBe(address)
  // The frame's own storage holds the session; the app never sees key material.
  await expect(frame(page)).toBeHidden()

  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Account')
  await expect(dialog(page)).toContainText(email)
  // The Safe is active: the view offers the EOA.
  await expect(dialog(page).getByTestId('account-type-switch')).toHaveText('Switch to your EOA')
  await axe(page, 'account signed in by email')
  await page.keyboard.press('Escape')
  await expect(dialog(page)).toBeHidden()
})

test('signs a message in the frame approval UI as the Safe; it verifies on chain (ERC-6492)', async () => {
  await startRequest(page, {
    method: 'personal_sign',
    params: [toHex('hello from the app'), address],
  })
  await expect(approval(page)).toContainText('hello from the app')
  await approval(page).getByTestId('approve').click()
  const signed = await settle(page)
  expect(signed.error).toBeUndefined()
  const signature = signed.value as Hex
  // The Safe is not deployed yet: its signature carries the factory call (ERC-6492's suffix),
  // and the chain checks it through the Safe's own ERC-1271 code, not as the EOA's key.
  expect(signature.endsWith('6492'.repeat(16))).toBe(true)
  expect(await chain.verifyMessage({ address, message: 'hello from the app', signature })).toBe(
    true,
  )
  await expect(frame(page)).toBeHidden()
})

test('a rejection in the approval UI reaches the app as user-rejected (4001)', async () => {
  await startRequest(page, {
    method: 'personal_sign',
    params: [toHex('a request to turn down'), address],
  })
  // Wait for this request's own view: a click while the frame still shows (or hides) the last
  // one can miss it (seen once in a full run: the promise never settled).
  await expect(approval(page)).toContainText('a request to turn down')
  await approval(page).getByTestId('reject').click()
  expect((await settle(page)).error?.code).toBe(4001)
})

test('switched to the EOA in the Account view, it signs as the EOA; the choice survives a reload', async () => {
  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Account')
  await dialog(page).getByRole('button', { name: 'Switch to your EOA' }).click()
  // The page's account follows the frame's choice at once: the header, the view and wagmi.
  await expect(
    dialog(page).getByRole('button', { name: 'Switch to your Smart Account' }),
  ).toBeVisible()
  await expect(connectButton(page)).toContainText(`${eoa.slice(0, 4)}…${eoa.slice(-6)}`)
  await expect(dialog(page).getByTestId('account-name')).toHaveAttribute('title', eoa)
  expect(getAddress((await signedInAddress(page)) as string)).toBe(eoa)
  await axe(page, 'account on the EOA, smart account offered')
  await page.keyboard.press('Escape')
  await expect(dialog(page)).toBeHidden()
  // The choice is the frame's, kept per network on this device: a reload reconnects to the EOA.
  await page.reload()
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected', { timeout: 30_000 })
  await expect(connectButton(page)).toContainText(`${eoa.slice(0, 4)}…${eoa.slice(-6)}`)
  expect(getAddress((await signedInAddress(page)) as string)).toBe(eoa)
  await startRequest(page, { method: 'personal_sign', params: [toHex('from the EOA'), eoa] })
  await expect(approval(page)).toContainText('from the EOA')
  await approval(page).getByTestId('approve').click()
  const signed = await settle(page)
  expect(signed.error).toBeUndefined()
  // A plain secp256k1 signature by the EOA's own key.
  expect(
    await verifyMessage({ address: eoa, message: 'from the EOA', signature: signed.value as Hex }),
  ).toBe(true)
  await expect(frame(page)).toBeHidden()
})

test('sends 0.01 ETH from the EOA on anvil and the activity list shows it after a reload', async () => {
  const funder = createWalletClient({
    account: mnemonicToAccount('test test test test test test test test test test test junk', {
      addressIndex: 8,
    }),
    chain: foundry,
    transport: http(`http://127.0.0.1:${ports.chain}`),
  })
  await chain.waitForTransactionReceipt({
    hash: await funder.sendTransaction({ to: eoa, value: parseEther('1') }),
  })
  const recipient = '0x000000000000000000000000000000000000dEaD'
  await startRequest(page, {
    method: 'eth_sendTransaction',
    params: [{ from: eoa, to: recipient, value: toHex(parseEther('0.01')) }],
  })
  await expect(approval(page)).toContainText('0.01 ETH')
  await approval(page).getByTestId('approve').click()
  const sent = await settle(page)
  expect(sent.error).toBeUndefined()
  const hash = sent.value as Hex
  const receipt = await chain.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  expect(getAddress(receipt.from)).toBe(eoa)

  // A reload keeps the email session, and the list (read from the server's indexer) has the send.
  await expect
    .poll(
      async () => {
        await page.reload()
        await expect(connectButton(page)).toHaveAttribute('data-state', 'connected', {
          timeout: 30_000,
        })
        return page.locator(`[data-testid="activity-row"][data-tx-hash="${hash}"]`).count()
      },
      { timeout: 60_000, intervals: [1_000, 2_000, 3_000] },
    )
    .toBe(1)
  const row = page.locator(`[data-testid="activity-row"][data-tx-hash="${hash}"]`)
  await expect(row).toContainText('Sent')
  await expect(row).toContainText('0.01')
  // The funding transfer is there too, as a receive.
  await expect(page.getByTestId('activity-row')).toHaveCount(2)
})

test('updates the email: a code to the current address, then one to the new address', async () => {
  test.setTimeout(90_000)
  const { id: lastCode } = await readCode(email)
  await connectButton(page).click()
  await dialog(page).getByRole('button', { name: 'Update email' }).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'UpdateEmailWallet')
  await dialog(page).getByLabel('New email').fill(email)
  await dialog(page).getByRole('button', { name: 'Continue', exact: true }).click()
  await expect(dialog(page).getByRole('alert')).toContainText('already your email')

  await dialog(page).getByLabel('New email').fill(newEmail)
  // Nothing is mailed until the user confirms in the frame's own view, which names both addresses.
  for (;;) {
    await dialog(page).getByRole('button', { name: 'Continue', exact: true }).click()
    const confirm = page
      .frameLocator('iframe[data-latch-frame]')
      .locator('[data-view="ConfirmEmailChange"]')
    await expect(confirm.getByRole('heading')).toHaveText(
      `Change sign-in email from ${email} to ${newEmail}`,
    )
    await confirm.getByTestId('confirm').click()
    const alert = dialog(page).getByRole('alert')
    await alert
      .or(page.locator('[data-testid="latch-modal"][data-view="UpdateEmailPrimaryOtp"]'))
      .first()
      .waitFor({ timeout: 15_000 })
    // The server's 30 s mail interval: wait it out and ask again.
    const wait = await alert
      .textContent({ timeout: 100 })
      .then((text) => /after (\d+) seconds/.exec(text ?? '')?.[1])
      .catch(() => undefined)
    if (!wait) break
    await page.waitForTimeout((Number(wait) + 1) * 1000)
  }
  await expect(dialog(page)).toHaveAttribute('data-view', 'UpdateEmailPrimaryOtp')
  await axe(page, 'update email, current address code')
  const primary = await readCode(email, lastCode)
  await dialog(page).getByRole('textbox').fill(primary.code)
  await expect(dialog(page)).toHaveAttribute('data-view', 'UpdateEmailSecondaryOtp')
  const secondary = await readCode(newEmail)
  await dialog(page).getByRole('textbox').fill(secondary.code)
  await expect(dialog(page)).toHaveAttribute('data-view', 'Account')
  // docs/behaviour.md#validation: the display name is the email, cut with '...' past 30 characters.
  expect(newEmail.length).toBeGreaterThan(30)
  await expect(dialog(page)).toContainText(`${newEmail.slice(0, 30)}...`)
  await expect(page.getByText(`Email updated to ${newEmail}`)).toBeVisible()
  await page.keyboard.press('Escape')
})

test('a new device registers by the mailed link, then signs in to the same wallet', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const device = await (await browser.newContext({ timezoneId: 'UTC' })).newPage()
  try {
    await device.goto('/')
    await connectButton(device).click()
    // The newest code so far is the email update's; the sign-in code comes after approval.
    const { id: before } = await latestCode(newEmail)
    await startEmailSignInInModal(device, newEmail)
    // Told the same as a new address (no sign that a wallet exists): the frame asks for the code
    // and says a device approval, if mailed, comes first.
    await expect(emailCodeView(device).getByTestId('signin-hint')).toContainText(
      'approve this device',
    )
    await axe(device, 'register device')
    await approveDeviceByLink(device, await readApprovalLink(newEmail), webUrl)
    await expect(signInStatus(device)).toHaveText(
      'This device is approved. A code is on its way.',
      { timeout: 15_000 },
    )
    const { code } = await readCode(newEmail, before)
    await typeCodeInFrame(device, code)
    await expect(dialog(device)).toBeHidden({ timeout: 30_000 })
    // The same key: the same Safe, active by default on this device (the EOA choice is the
    // other device's), and the same EOA beside it.
    expect(getAddress((await signedInAddress(device)) as string)).toBe(address)
    expect((await frameAccounts(device)).map((a) => getAddress(a.address))).toEqual([address, eoa])
  } finally {
    await device
      .context()
      .close()
      .catch(() => {})
  }
})

test('disconnect signs out of the frame; a reload stays signed out', async () => {
  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Account')
  await dialog(page).getByRole('button', { name: 'Disconnect' }).click()
  await expect(connectButton(page)).not.toHaveAttribute('data-state', 'connected')
  await page.reload()
  await expect(page.getByTestId('chain-id')).toHaveText('31337')
  await page.waitForTimeout(1_000)
  await expect(connectButton(page)).not.toHaveAttribute('data-state', 'connected')
  expect(await signedInAddress(page)).toBeUndefined()
})
