import { type Browser, expect, type Page, test } from '@playwright/test'
import { devFarcasterAccounts } from '../../scripts/devchain/farcaster.js'
import { answerFarcasterLink } from '../../scripts/farcaster/client.js'
import { ports, webUrl } from '../playwright.config.js'
import { connectButton, dialog, signedInAddress } from '../support/app.js'
import { serverUrl, withoutLocalNetworkAccessChecks } from '../support/embedded.js'
import {
  approveNewDeviceInFrame,
  confirmFarcasterInFrame,
  expectAccessible,
  frameView,
  readFarcasterLinkInFrame,
} from '../support/frameSignIn.js'

// Sign In With Farcaster in the web app: the modal's Farcaster button, the secure frame's own QR
// code and its confirmation of the answering account, and a Farcaster client
// (scripts/farcaster/client.ts, on the real `@farcaster/auth-client`) that signs the link as a dev
// account whose custody the dev chain's copy of Farcaster's ID registry records. The server is
// the relay and checks the signature.
// Serial: the first test gives the dev fid its wallet; the later ones are that fid returning in
// a new browser, which approves the device in the frame.
test.describe.configure({ mode: 'serial' })
test.use(withoutLocalNetworkAccessChecks())

const relay = `${serverUrl}/farcaster`
const rpcUrl = `http://127.0.0.1:${ports.chain}`
const [dev, friend] = devFarcasterAccounts as [
  (typeof devFarcasterAccounts)[number],
  (typeof devFarcasterAccounts)[number],
]

async function newVisitor(browser: Browser) {
  const context = await browser.newContext({ timezoneId: 'UTC' })
  const page = await context.newPage()
  await page.goto('/')
  await expect(page.getByTestId('chain-id')).toHaveText('31337')
  return page
}

/**
 * Opens the Farcaster sign-in: the modal only waits (no QR code, no link in the page), and the
 * secure frame shows the channel's QR code, read as a phone would.
 */
async function farcasterLink(page: Page) {
  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Connect')
  await dialog(page).getByRole('button', { name: 'Continue with Farcaster' }).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'ConnectingFarcaster')
  const link = await readFarcasterLinkInFrame(page)
  // The page holds neither the QR code nor the channel's link or token.
  await expect(dialog(page).getByTestId('farcaster-qr')).toHaveCount(0)
  await expect(dialog(page).locator('a[href*="farcaster.xyz"]')).toHaveCount(0)
  const token = new URL(link).searchParams.get('channelToken') ?? link
  expect(await page.content()).not.toContain(token)
  return link
}

/**
 * The Farcaster app answers the channel; the frame shows which account answered (its fid and
 * custody address) and nothing is signed in until the visitor confirms it. `newDevice`: a fid
 * whose wallet this browser never held, approved in the frame next.
 */
async function signIn(page: Page, account = dev, { newDevice = false } = {}) {
  const link = await farcasterLink(page)
  await answerFarcasterLink(link, { relay, rpcUrl, account })
  await confirmAccount(page, account)
  if (newDevice) await approveNewDeviceInFrame(page, webUrl)
  await expect(dialog(page)).toBeHidden({ timeout: 30_000 })
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected')
  return (await signedInAddress(page)) as string
}

/** The visitor sees the answering fid before any session exists, then confirms it. */
async function confirmAccount(page: Page, account = dev) {
  await expect(frameView(page, 'ConfirmFarcasterAccount')).toBeVisible({ timeout: 30_000 })
  await expect(connectButton(page)).not.toHaveAttribute('data-state', 'connected')
  expect(await signedInAddress(page)).toBeUndefined()
  await confirmFarcasterInFrame(page, account)
}

test('signs in by QR code: the username and address show, a reload keeps them, the same fid gets its wallet back and another fid another', async ({
  browser,
}) => {
  const page = await newVisitor(browser)
  const address = await signIn(page)
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Account')
  await expect(dialog(page).getByTestId('account-email')).toHaveText(`Signed in as ${dev.username}`)
  await expect(dialog(page).getByTestId('account-name')).toHaveAttribute('title', address)
  await page.keyboard.press('Escape')

  await page.reload()
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected', { timeout: 30_000 })
  expect(await signedInAddress(page)).toBe(address)
  expect(await page.evaluate(() => localStorage.getItem('@latch/connectedSocial'))).toContain(
    'farcaster',
  )
  expect(await page.evaluate(() => localStorage.getItem('@latch/socialUsername'))).toContain(
    dev.username,
  )

  await connectButton(page).click()
  await dialog(page).getByRole('button', { name: 'Disconnect' }).click()
  await expect(connectButton(page)).toHaveAttribute('data-state', 'disconnected')
  expect(await page.evaluate(() => localStorage.getItem('@latch/connectedSocial'))).toBeNull()
  expect(await page.evaluate(() => localStorage.getItem('@latch/socialUsername'))).toBeNull()
  expect(await signIn(page)).toBe(address)

  const other = await newVisitor(browser)
  const second = await signIn(other, friend)
  expect(second).not.toBe(address)
  await connectButton(other).click()
  await expect(dialog(other)).toContainText(friend.username)
  await page.context().close()
  await other.context().close()
})

test("a signature from a key that is not the fid's custody is refused, and the code keeps waiting for the right one", async ({
  browser,
}) => {
  const page = await newVisitor(browser)
  const link = await farcasterLink(page)
  // Friend's custody key signing for dev's fid: a valid signature from the wrong key.
  await expect(
    answerFarcasterLink(link, { relay, rpcUrl, account: dev, signerKey: friend.custodyKey }),
  ).rejects.toThrow(/^BAD_SIGNATURE: /)
  // Friend's key signing honestly as itself, claiming dev's fid: not that fid's custody.
  const claimed = { ...dev, custody: friend.custody, custodyKey: friend.custodyKey }
  await expect(answerFarcasterLink(link, { relay, rpcUrl, account: claimed })).rejects.toThrow(
    /^NOT_CUSTODY: /,
  )
  // The frame still shows the QR code (no account to confirm); the modal still waits.
  await expect(frameView(page, 'FarcasterChannel')).toBeVisible()
  await expectAccessible(page, 'farcaster channel')
  await expect(frameView(page, 'ConfirmFarcasterAccount')).toHaveCount(0)
  await expect(dialog(page)).toHaveAttribute('data-view', 'ConnectingFarcaster')
  await expect(dialog(page).getByTestId('view-farcaster')).toHaveAttribute('data-phase', 'waiting')
  await expect(connectButton(page)).not.toHaveAttribute('data-state', 'connected')
  await answerFarcasterLink(link, { relay, rpcUrl, account: dev })
  await expect(frameView(page, 'ConfirmFarcasterAccount')).toBeVisible({ timeout: 30_000 })
  await expectAccessible(page, 'confirm farcaster account')
  await confirmAccount(page, dev)
  await approveNewDeviceInFrame(page, webUrl)
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected', { timeout: 30_000 })
  await page.context().close()
})

test('cancelling in the frame and coming back opens a new channel', async ({ browser }) => {
  const page = await newVisitor(browser)
  const first = await farcasterLink(page)
  // The frame's window covers the modal while it shows the QR code: the visitor leaves by its
  // Cancel, and the modal goes back to the list without an error.
  await frameView(page, 'FarcasterChannel').getByTestId('cancel').click()
  await expect(frameView(page, 'FarcasterChannel')).toHaveCount(0)
  await expect(dialog(page)).toHaveAttribute('data-view', 'Connect')
  await expect(dialog(page).getByRole('alert')).toHaveCount(0)
  await dialog(page).getByRole('button', { name: 'Continue with Farcaster' }).click()
  const second = await readFarcasterLinkInFrame(page)
  expect(second).not.toBe(first)
  // The abandoned channel signs nobody in here: only the shown one does.
  await answerFarcasterLink(second, { relay, rpcUrl, account: dev })
  await confirmAccount(page, dev)
  await approveNewDeviceInFrame(page, webUrl)
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected', { timeout: 30_000 })
  await page.context().close()
})
