import AxeBuilder from '@axe-core/playwright'
import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test'
import { waitOutMailInterval } from './mailbox.js'
import { readQrCode } from './qr.js'

// Every sign-in step runs in the secure frame's own window (docs/custody.md#sign-in-in-the-frame):
// the mailed code is typed there, "Continue with …" opens the provider's popup from there, and the
// Farcaster QR code and the answering account are shown there. The specs drive those views only
// through these helpers, so the frame's selectors live in one place.

/** The secure frame's document (the same iframe in the web app and in the harness page). */
export const walletFrame = (page: Page): FrameLocator =>
  page.frameLocator('iframe[data-latch-frame]')

/** One of the frame's views, by its data-view name. */
export const frameView = (page: Page, view: string): Locator =>
  walletFrame(page).locator(`[data-view="${view}"]`)

export const emailCodeView = (page: Page) => frameView(page, 'EmailCode')

/** The frame's status line of the email code view ("Checking the code…", an error, approval). */
export const signInStatus = (page: Page) => emailCodeView(page).getByTestId('signin-status')

/** Types the mailed code in the frame's code view and submits it. */
export async function typeCodeInFrame(page: Page, code: string): Promise<void> {
  const view = emailCodeView(page)
  await expect(view).toBeVisible()
  await view.getByTestId('signin-code').fill(code)
  await view.getByTestId('signin-submit').click()
}

/**
 * Waits for the frame's "Continue with {label}" view, clicks its button once it is armed (it
 * waits 500 ms after the view is seen) and returns the provider's popup the frame opened.
 */
export async function continueSocialInFrame(page: Page, label: string): Promise<Page> {
  const view = frameView(page, 'SocialSignIn')
  const button = view.getByTestId('social-continue')
  await expect(button).toHaveText(`Continue with ${label}`)
  await expect(button).toBeEnabled()
  const [popup] = await Promise.all([page.waitForEvent('popup'), button.click()])
  return popup
}

/**
 * A returning social user on a device without a device share: the frame asks before the
 * recovery share is fetched. Checks the view names the site, then confirms.
 */
export async function approveNewDeviceInFrame(page: Page, site: string): Promise<void> {
  const view = frameView(page, 'ApproveNewDevice')
  await expect(view).toBeVisible({ timeout: 30_000 })
  await expect(view).toContainText(site)
  const confirm = view.getByTestId('confirm')
  await expect(confirm).toHaveText('Use wallet here')
  await expect(confirm).toBeEnabled()
  await confirm.click()
}

/**
 * Reads the Farcaster channel's link from the QR code in the frame, as a phone camera would (the
 * pixels, not the DOM), and checks the "Open in Farcaster" link carries the same one.
 */
export async function readFarcasterLinkInFrame(page: Page): Promise<string> {
  const view = frameView(page, 'FarcasterChannel')
  const qr = view.getByTestId('farcaster-qr')
  await expect(qr).toBeVisible({ timeout: 30_000 })
  const link = await readQrCode(qr)
  expect(link, 'the QR code in the frame decodes').toBeDefined()
  await expect(view.getByTestId('farcaster-link')).toHaveAttribute('href', link!)
  return link!
}

/**
 * The account that answered the channel, shown for the visitor to confirm before any session:
 * checks its fid and custody address are there, then confirms.
 */
export async function confirmFarcasterInFrame(
  page: Page,
  account: { fid: number | bigint; custody: string },
): Promise<void> {
  const view = frameView(page, 'ConfirmFarcasterAccount')
  await expect(view).toBeVisible({ timeout: 30_000 })
  await expect(view.getByRole('heading')).toHaveText(`Sign in as Farcaster account ${account.fid}?`)
  await expect(view).toContainText(new RegExp(account.custody, 'i'))
  const confirm = view.getByTestId('confirm')
  await expect(confirm).toBeEnabled()
  await confirm.click()
}

/**
 * Opens the mailed device-approval link in a new tab of the same browser (the owner's mailbox),
 * checks the review names the site that asked, approves, and closes the tab.
 */
export async function approveDeviceByLink(page: Page, link: string, site: string): Promise<void> {
  const approvalPage = await page.context().newPage()
  try {
    await approvalPage.goto(link)
    await expect(approvalPage.getByRole('heading', { name: 'Approve this device?' })).toBeVisible()
    await expect(approvalPage.locator('dl')).toContainText(site)
    await approvalPage.getByRole('button', { name: 'Approve device' }).click()
    await expect(approvalPage.getByRole('heading', { name: 'Device approved' })).toBeVisible()
  } finally {
    await approvalPage.close()
  }
}

/** The 30 s mail interval's wait in an error message ("Please try again after N seconds"). */
export const throttleWait = (message: string | null | undefined): number | undefined => {
  const seconds = /after (\d+) seconds/.exec(message ?? '')?.[1]
  return seconds === undefined ? undefined : (Number(seconds) + 1) * 1000
}

/**
 * The web app's email sign-in up to the frame's code view: the modal's email field, then the
 * modal's wait on the frame, which has no code field of its own. The server's 30 s mail interval
 * is waited out first (and once more if a start is still refused, retried from the modal).
 */
export async function startEmailSignInInModal(page: Page, email: string): Promise<void> {
  await waitOutMailInterval(email)
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
  await expect(dialog).toHaveAttribute('data-view', 'EmailVerifyOtp', { timeout: 30_000 })
  const failure = dialog.locator('[data-testid="view-email-signin"][data-phase="failed"]')
  for (let attempt = 0; ; attempt++) {
    // The frame's code view, or the modal's failure (the view and the modal are not one frame).
    await expect
      .poll(async () => (await emailCodeView(page).isVisible()) || (await failure.isVisible()), {
        timeout: 30_000,
      })
      .toBe(true)
    if (await emailCodeView(page).isVisible()) break
    const wait = throttleWait(await dialog.getByRole('alert').textContent())
    if (wait === undefined || attempt > 0)
      throw new Error(`The sign-in did not start: ${await dialog.textContent()}`)
    await page.waitForTimeout(wait)
    await dialog.getByRole('button', { name: 'Try again' }).click()
  }
  // The page's modal only waits: the code is typed in the frame, never here.
  await expect(dialog.getByTestId('view-email-signin')).toHaveAttribute('data-phase', 'waiting')
  await expect(dialog.locator('input')).toHaveCount(0)
}

/** axe over the whole page, the secure frame's document included, must find nothing. */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze()
  const summary = results.violations.map((v) => ({
    id: v.id,
    nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`).slice(0, 5),
  }))
  expect(summary, name).toEqual([])
}
