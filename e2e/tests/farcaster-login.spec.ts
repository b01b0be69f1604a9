import { type Browser, expect, type Page, test } from '@playwright/test'
import { devFarcasterAccounts } from '../../scripts/devchain/farcaster.js'
import { answerFarcasterLink } from '../../scripts/farcaster/client.js'
import { ports } from '../playwright.config.js'
import { connectButton, dialog, signedInAddress } from '../support/app.js'
import { serverUrl, withoutLocalNetworkAccessChecks } from '../support/embedded.js'
import { readQrCode } from '../support/qr.js'

// Sign In With Farcaster in the web app: the modal's Farcaster button, the ConnectingFarcaster
// view's QR code, and a Farcaster client (scripts/farcaster/client.ts, on the real
// `@farcaster/auth-client`) that signs the link as a dev account whose custody the dev chain's
// copy of Farcaster's ID registry records. The server is the relay and checks the signature.
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

/** Opens the Farcaster view and reads its link from the QR code, as a phone would. */
async function farcasterLink(page: Page) {
  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Connect')
  await dialog(page).getByRole('button', { name: 'Continue with Farcaster' }).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'ConnectingFarcaster')
  const qr = dialog(page).getByTestId('farcaster-qr')
  await expect(qr).toBeVisible()
  const link = await readQrCode(qr)
  expect(link).toBeDefined()
  // The same link behind the "Open Farcaster" button.
  await expect(dialog(page).getByTestId('farcaster-open-app')).toHaveAttribute('href', link!)
  return link!
}

async function signIn(page: Page, account = dev) {
  const link = await farcasterLink(page)
  await answerFarcasterLink(link, { relay, rpcUrl, account })
  await expect(dialog(page)).toBeHidden({ timeout: 30_000 })
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected')
  return (await signedInAddress(page)) as string
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
  await expect(dialog(page)).toHaveAttribute('data-view', 'ConnectingFarcaster')
  await expect(dialog(page).getByTestId('view-farcaster')).toHaveAttribute('data-phase', 'waiting')
  await expect(connectButton(page)).not.toHaveAttribute('data-state', 'connected')
  await answerFarcasterLink(link, { relay, rpcUrl, account: dev })
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected', { timeout: 30_000 })
  await page.context().close()
})

test('leaving the Farcaster view and coming back opens a new channel', async ({ browser }) => {
  const page = await newVisitor(browser)
  const first = await farcasterLink(page)
  await dialog(page).getByRole('button', { name: 'Back' }).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Connect')
  await dialog(page).getByRole('button', { name: 'Continue with Farcaster' }).click()
  const qr = dialog(page).getByTestId('farcaster-qr')
  await expect(qr).toBeVisible()
  const second = await readQrCode(qr)
  expect(second).not.toBe(first)
  // The abandoned channel signs nobody in here: only the shown one does.
  await answerFarcasterLink(second!, { relay, rpcUrl, account: dev })
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected', { timeout: 30_000 })
  await page.context().close()
})
