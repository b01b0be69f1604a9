import { expect, type Page, test } from '@playwright/test'
import { mailboxUrl, webUrl } from '../playwright.config.js'
import { openHarness, projectIdOf, withoutLocalNetworkAccessChecks } from '../support/embedded.js'
import { approveDeviceByLink, signInStatus, typeCodeInFrame } from '../support/frameSignIn.js'
import {
  latchCall,
  settleEmailSignIn,
  signIn,
  startEmailSignIn,
} from '../support/hostile/session.js'
import { latestCode, readApprovalLink, readCode } from '../support/mailbox.js'

// The sign-in email is the root of custody: whoever owns it signs in and recovers the wallet.
// Here the page (which may be hostile or compromised) starts an email change; only the user, in
// the frame's own view, may let it go ahead, and a completed change is announced to the old
// address and ends the sessions on other devices.
test.describe.configure({ mode: 'serial' })
test.use(withoutLocalNetworkAccessChecks())

const stamp = Date.now()
const email = `e2e-change-${stamp}@example.com`
const attackerEmail = `e2e-attacker-${stamp}@example.com`
const newEmail = `e2e-changed-${stamp}@example.com`
let projectId: string
let page: Page

type Outcome = { value?: unknown; error?: { message: string; code?: number } }
type HarnessWindow = {
  latch: { updateEmail(email: string): Promise<unknown> }
  change?: Promise<Outcome>
}

const confirmView = (p: Page) =>
  p.frameLocator('iframe[data-latch-frame]').locator('[data-view="ConfirmEmailChange"]')

/** Every mail the stack's SMTP catcher holds for `to`. */
async function mailsTo(to: string): Promise<{ id: number; subject: string; text: string }[]> {
  return (await fetch(`${mailboxUrl}/messages?to=${encodeURIComponent(to)}`)).json()
}

/** Starts `latch.updateEmail(to)` as the page would, without waiting for the answer. */
async function startChange(p: Page, to: string) {
  await p.evaluate((to) => {
    const w = window as unknown as HarnessWindow
    w.change = w.latch.updateEmail(to).then(
      (value) => ({ value }),
      (e: { message: string; code?: number }) => ({ error: { message: e.message, code: e.code } }),
    )
  }, to)
}
const settleChange = (p: Page) =>
  p.evaluate(() => (window as unknown as HarnessWindow).change) as Promise<Outcome>

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext()).newPage()
  projectId = await projectIdOf(page)
  await signIn(page, projectId, email)
})
test.afterAll(() => page.context().close())

test('a change the page starts and the user cancels in the frame sends no mail and changes nothing', async () => {
  const before = await mailsTo(email)
  await startChange(page, attackerEmail)
  const view = confirmView(page)
  await expect(view.getByRole('heading')).toHaveText(
    `Change sign-in email from ${email} to ${attackerEmail}`,
  )
  // The same guards as the approval view: focus on Cancel, Confirm held until the view is seen.
  // (Inside the frame's own document: the page, not the frame, holds the window's focus.)
  // The view takes focus as it opens; wait for that rather than read it at the first paint.
  await expect
    .poll(() =>
      view
        .getByTestId('cancel')
        .evaluate((button) => button.ownerDocument.activeElement === button),
    )
    .toBe(true)
  await view.getByTestId('cancel').click()
  const outcome = await settleChange(page)
  expect(outcome.error).toEqual({ message: 'User rejected the request.', code: 4001 })
  await expect(view).toHaveCount(0)

  // The server was never asked: no code to either address, and the email is what it was.
  expect(await mailsTo(attackerEmail)).toEqual([])
  expect(await mailsTo(email)).toEqual(before)
  const user = await latchCall(page, 'getUser', { chainId: 'eip155:31337' })
  expect((user.value as { email: string }).email).toBe(email)
  await openHarness(page, projectId)
  const reloaded = await latchCall(page, 'getUser', { chainId: 'eip155:31337' })
  expect((reloaded.value as { email: string }).email).toBe(email)
})

test('a confirmed change: both code mails name both addresses, the old address is told, the other device is signed out', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  // A second device of the same account, approved by the mailed link.
  const other = await (await browser.newContext()).newPage()
  try {
    await openHarness(other, projectId)
    const { id: before } = await latestCode(email)
    await startEmailSignIn(other, email)
    await approveDeviceByLink(other, await readApprovalLink(email), webUrl)
    await expect(signInStatus(other)).toHaveText('This device is approved. A code is on its way.', {
      timeout: 15_000,
    })
    const { code: otherCode, id: lastLogin } = await readCode(email, before)
    await typeCodeInFrame(other, otherCode)
    expect(await settleEmailSignIn(other)).toEqual({ value: undefined })
    expect((await latchCall(other, 'isConnected')).value).toBe(true)

    // The change, confirmed in the frame (through the server's 30 s mail interval if need be).
    let started: Outcome
    for (;;) {
      await startChange(page, newEmail)
      await confirmView(page).getByTestId('confirm').click()
      started = await settleChange(page)
      const retry = /after (\d+) seconds/.exec(started.error?.message ?? '')?.[1]
      if (!retry) break
      await page.waitForTimeout((Number(retry) + 1) * 1000)
    }
    expect(started.value).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    const primary = await readCode(email, lastLogin)
    const primaryMail = (await mailsTo(email)).find((m) => m.id === primary.id)!
    expect(primaryMail.text).toContain(`from ${email} to ${newEmail}`)
    expect((await latchCall(page, 'updateEmailPrimaryOtp', primary.code)).error).toBeUndefined()
    const secondary = await readCode(newEmail)
    const secondaryMail = (await mailsTo(newEmail)).find((m) => m.id === secondary.id)!
    expect(secondaryMail.text).toContain(`from ${email} to ${newEmail}`)
    const done = await latchCall(page, 'updateEmailSecondaryOtp', secondary.code)
    expect(done.value).toMatchObject({ newEmail })

    // The old address hears of it.
    await expect
      .poll(async () => (await mailsTo(email)).find((m) => /email was changed/.test(m.subject)))
      .toMatchObject({ text: expect.stringContaining(`from ${email} to ${newEmail}`) })
    // This device stays signed in with the new address; the other one is refused by the server
    // (its frame learns on its next start, when it checks its session).
    await openHarness(page, projectId)
    const user = await latchCall(page, 'getUser', { chainId: 'eip155:31337' })
    expect((user.value as { email: string }).email).toBe(newEmail)
    await openHarness(other, projectId)
    expect((await latchCall(other, 'isConnected')).value).toBe(false)
    expect((await latchCall(other, 'getUser', { chainId: 'eip155:31337' })).error).toBeDefined()
  } finally {
    await other
      .context()
      .close()
      .catch(() => {})
  }
})
