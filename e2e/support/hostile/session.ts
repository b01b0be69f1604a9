import { expect, type Page } from '@playwright/test'
import { openHarness } from '../embedded.js'
import { readCode } from '../mailbox.js'

// Driving `window.latch` (the harness's embedded wallet) from the attack specs.

type Outcome = { value?: unknown; error?: { message: string; code?: number } }
type Latch = Record<string, (...args: unknown[]) => Promise<unknown>>
type HarnessWindow = { latch: Latch; attack?: Promise<Outcome>; attackOutcome?: Outcome }

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

/** Signs a new user in through the harness with the mailed code; returns the address. */
export async function signIn(page: Page, projectId: string, email: string): Promise<`0x${string}`> {
  await openHarness(page, projectId)
  expect((await latchCall(page, 'connectEmail', email)).value).toEqual({ action: 'VERIFY_OTP' })
  const { code } = await readCode(email)
  expect((await latchCall(page, 'connectOtp', code)).error).toBeUndefined()
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
