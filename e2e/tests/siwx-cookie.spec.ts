import { expect, test } from '@playwright/test'
import { ports } from '../playwright.config.js'
import { connectButton, dialog } from '../support/app.js'
import { injectTestWallet, TEST_WALLET_INFO } from '../support/wallet.js'

// Wallet sign-in with an HttpOnly cookie session (the web app's `&siwxSession=cookie`), against
// the e2e stack's server: dev account 11 (unfunded: signing needs no gas), used by no other spec.
const rpcUrl = `http://127.0.0.1:${ports.chain}`

test('a cookie session: no token in storage or in the page, kept over a reload, ended by sign-out', async ({
  page,
}) => {
  await injectTestWallet(page, { rpcUrl, accountIndex: 11 })
  await page.goto('/?siwx=required&siwxSession=cookie')
  await connectButton(page).click()
  await page.getByTestId(`wallet-${TEST_WALLET_INFO.rdns}`).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'SIWXSignMessage')
  const verify = page.waitForResponse((r) => new URL(r.url()).pathname === '/siwx/v1/verify')
  await dialog(page).getByRole('button', { name: 'Sign in' }).click()
  const answer = await verify
  expect(answer.status()).toBe(201)
  expect(await answer.json()).not.toHaveProperty('token')
  await expect(dialog(page)).toBeHidden()
  const status = page.getByTestId('siwx-status')
  await expect(status).toContainText('Signed in with your wallet until')

  // The browser holds the cookie; no script can read it, and storage keeps only a marker.
  const cookies = await page.context().cookies()
  const session = cookies.find((c) => c.name === 'latch_siwx')
  expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/siwx' })
  expect(await page.evaluate(() => document.cookie)).not.toContain('latch_siwx')
  const stored = await page.evaluate(() => localStorage.getItem('@latch/siwxTokens'))
  expect(stored).not.toContain(session?.value ?? '(none)')
  expect(stored).toContain('"cookie"')

  await page.reload()
  await expect(status).toContainText('Signed in with your wallet until')
  await expect(dialog(page)).toBeHidden()

  await status.getByRole('button', { name: 'Sign out' }).click()
  await expect(status).toContainText('Not signed in with this wallet.')
  expect((await page.context().cookies()).find((c) => c.name === 'latch_siwx')).toBeUndefined()
})
