import { expect, type Page } from '@playwright/test'
import { openHarness } from '../embedded.js'
import { emailCodeView, throttleWait, typeCodeInFrame } from '../frameSignIn.js'
import { latestCode, readCode, waitOutMailInterval } from '../mailbox.js'

// Driving `window.latch` (the harness's embedded wallet) from the attack and harness specs.

type Outcome = { value?: unknown; error?: { message: string; code?: number } }
type Latch = Record<string, (...args: unknown[]) => Promise<unknown>>
type HarnessWindow = {
  latch: Latch
  attack?: Promise<Outcome>
  attackOutcome?: Outcome
  emailSignIn?: Promise<Outcome>
  emailSignInOutcome?: Outcome | undefined
}

/** Calls `window.latch[name](...args)`; a failure comes back as { error }. */
export function latchCall(page: Page, name: string, ...args: unknown[]): Promise<Outcome> {
  return page.evaluate(
    async ({ name, args }) => {
      try {
        return { value: await (window as unknown as HarnessWindow).latch[name]!(...args) }
      } catch (error) {
        const e = error as { message: string; code?: number }
        return { error: { message: e.message, code: e.code } }
      }
    },
    { name, args },
  )
}

/**
 * Starts `latch.connectEmail(email)` in the harness without waiting for it (it resolves only once
 * signed in) and waits until the frame asks for the code. The server's 30 s mail interval is
 * waited out first (and once more if a start is still refused).
 */
export async function startEmailSignIn(page: Page, email: string): Promise<void> {
  await waitOutMailInterval(email)
  for (let attempt = 0; ; attempt++) {
    await page.evaluate((email) => {
      const w = window as unknown as HarnessWindow
      w.emailSignInOutcome = undefined
      w.emailSignIn = w.latch.connectEmail!(email).then(
        (value) => (w.emailSignInOutcome = { value }),
        (e: { message: string; code?: number }) =>
          (w.emailSignInOutcome = { error: { message: e.message, code: e.code } }),
      )
    }, email)
    const outcome = () =>
      page.evaluate(() => (window as unknown as HarnessWindow).emailSignInOutcome)
    await expect
      .poll(
        async () => (await emailCodeView(page).isVisible()) || (await outcome()) !== undefined,
        { timeout: 30_000 },
      )
      .toBe(true)
    if (await emailCodeView(page).isVisible()) return
    const failed = await outcome()
    const wait = throttleWait(failed?.error?.message)
    if (wait === undefined || attempt > 0)
      throw new Error(`The email sign-in did not start: ${JSON.stringify(failed)}`)
    await page.waitForTimeout(wait)
  }
}

/** The outcome of the `connectEmail` that startEmailSignIn began. */
export const settleEmailSignIn = (page: Page) =>
  page.evaluate(() => (window as unknown as HarnessWindow).emailSignIn) as Promise<Outcome>

/**
 * Signs a user in through the harness: the frame mails the code and asks for it in its own
 * window, where it is typed; the page learns only that it is signed in. Returns the address.
 */
export async function signIn(page: Page, projectId: string, email: string): Promise<`0x${string}`> {
  await openHarness(page, projectId)
  const { id: before } = await latestCode(email)
  await startEmailSignIn(page, email)
  const { code } = await readCode(email, before)
  await typeCodeInFrame(page, code)
  expect(await settleEmailSignIn(page)).toEqual({ value: undefined })
  const user = await latchCall(page, 'getUser', { chainId: 'eip155:31337' })
  return (user.value as { address: `0x${string}` }).address
}

/** Starts a request as the attacking page would, without waiting for its answer. */
export async function startAttack(page: Page, request: { method: string; params?: unknown }) {
  await page.evaluate((request) => {
    const w = window as unknown as HarnessWindow
    w.attack = w.latch.request(request).then(
      (value) => (w.attackOutcome = { value }),
      (e: { message: string; code?: number }) =>
        (w.attackOutcome = { error: { message: e.message, code: e.code } }),
    )
  }, request)
}

/** The attack's outcome so far: undefined while the wallet has not answered. */
export const attackOutcome = (page: Page) =>
  page.evaluate(() => (window as unknown as HarnessWindow).attackOutcome)

export const settleAttack = (page: Page) =>
  page.evaluate(() => (window as unknown as HarnessWindow).attack) as Promise<Outcome>
