import { type Browser, expect, type Page, test } from '@playwright/test'
import { webUrl } from '../playwright.config.js'
import { connectButton, dialog, signedInAddress } from '../support/app.js'
import { withoutLocalNetworkAccessChecks } from '../support/embedded.js'
import {
  approveNewDeviceInFrame,
  continueSocialInFrame,
  expectAccessible,
  frameView,
} from '../support/frameSignIn.js'

// Social sign-in in the web app: the modal's provider buttons, the secure frame's own "Continue
// with …" that opens the 600×800 popup at the dev identity provider (`npm start` runs one OpenID
// provider per social provider), the server's callback answering the frame only, and the
// embedded wallet the frame makes or recovers for that identity.
test.use(withoutLocalNetworkAccessChecks())

const PROVIDERS = [
  { id: 'google', label: 'Google' },
  { id: 'github', label: 'GitHub' },
  { id: 'apple', label: 'Apple' },
  { id: 'facebook', label: 'Facebook' },
  { id: 'x', label: 'X' },
  { id: 'discord', label: 'Discord' },
] as const

const labelOf = (provider: string) => PROVIDERS.find((p) => p.id === provider)!.label

const run = Date.now().toString(36)
const login = (name: string, provider: string) => `${name}${provider}${run}`

async function newVisitor(browser: Browser) {
  const context = await browser.newContext({ timezoneId: 'UTC' })
  const page = await context.newPage()
  // Every message the page is sent, to show no provider token ever reaches it.
  await page.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, { __messages: seen })
    window.addEventListener('message', (event) => seen.push(JSON.stringify(event.data)))
  })
  await page.goto('/')
  await expect(page.getByTestId('chain-id')).toHaveText('31337')
  return page
}

/**
 * Clicks a provider's button in the modal, which only waits on the secure frame; the frame's own
 * "Continue with …" opens the popup. Returns the popup, as it opens.
 */
async function openPopup(page: Page, provider: string) {
  if (!(await dialog(page).isVisible())) await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Connect')
  await dialog(page).getByTestId(`social-${provider}`).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'ConnectingSocial')
  await expect(dialog(page).getByTestId('view-social')).toHaveAttribute('data-phase', 'waiting')
  return continueSocialInFrame(page, labelOf(provider))
}

/** The dev provider's login page (in the seed's 600×800 popup), then its consent page. */
async function signInAtProvider(popup: Page, name: string) {
  const loginField = popup.locator('input[name="login"]')
  await expect(loginField).toBeVisible()
  const size = await popup.evaluate(() => ({ w: window.outerWidth, h: window.outerHeight }))
  expect(size).toEqual({ w: 600, h: 800 })
  await loginField.fill(name)
  await popup.locator('input[name="password"]').fill('any password')
  await popup.getByRole('button', { name: 'Sign-in' }).click()
  await popup.getByRole('button', { name: 'Continue' }).click()
}

/**
 * The popup's end. A provider that remembers the visitor answers at once and the callback page
 * closes itself 50 ms later, often before the caller gets the popup: then it is closed already.
 */
const whenClosed = (popup: Page) =>
  popup.isClosed() ? Promise.resolve() : popup.waitForEvent('close').then(() => undefined)

/**
 * `remembered`: the provider still has the visitor's session and consent, so shows nothing.
 * `newDevice`: a returning user in a browser that never held the wallet approves it in the frame.
 */
async function signIn(
  page: Page,
  provider: string,
  name: string,
  { remembered = false, newDevice = false } = {},
) {
  const popup = await openPopup(page, provider)
  const closed = whenClosed(popup)
  if (!remembered) await signInAtProvider(popup, name)
  await closed
  if (newDevice) await approveNewDeviceInFrame(page, webUrl)
  await expect(dialog(page)).toBeHidden({ timeout: 30_000 })
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected')
  return (await signedInAddress(page)) as string
}

async function signOut(page: Page) {
  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Account')
  await dialog(page).getByRole('button', { name: 'Disconnect' }).click()
  await expect(connectButton(page)).toHaveAttribute('data-state', 'disconnected')
}

for (const { id, label } of PROVIDERS) {
  test(`${label}: signs in through the popup; the same user twice gets one wallet, another user another`, async ({
    browser,
  }) => {
    const page = await newVisitor(browser)
    const first = await signIn(page, id, login('ann', id))
    expect(first).toMatch(/^0x[0-9a-fA-F]{40}$/)
    // The account shows the provider's user name (Discord's '#0' dropped), X's too; the others
    // name the user by it or by the verified email.
    await connectButton(page).click()
    // Facebook's user name is the person's name, capitalised by the dev provider.
    const expected = id === 'facebook' ? `Ann${id}${run}` : `ann${id}${run}`
    await expect(dialog(page)).toContainText(expected)
    await page.keyboard.press('Escape')

    // Signed out and in again: the provider remembers the visitor, the server the identity.
    await signOut(page)
    expect(await signIn(page, id, login('ann', id), { remembered: true })).toBe(first)

    // The provider's answer went to the frame that opened the popup: the page got neither the
    // one-time result code nor any provider token.
    const messages = await page.evaluate(
      () => (window as unknown as { __messages: string[] }).__messages,
    )
    expect(messages.some((m) => m.includes('"latch:social"'))).toBe(false)
    expect(messages.join('\n')).not.toMatch(/access_token|id_token|refresh_token|"result"/)

    const other = await newVisitor(browser)
    const second = await signIn(other, id, login('ben', id))
    expect(second).not.toBe(first)
    await page.context().close()
    await other.context().close()
  })
}

test('after a reload the social user is still signed in, with the user name', async ({
  browser,
}) => {
  const page = await newVisitor(browser)
  const address = await signIn(page, 'discord', login('cleo', 'discord'))
  await page.reload()
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected', { timeout: 30_000 })
  expect(await signedInAddress(page)).toBe(address)
  expect(await page.evaluate(() => localStorage.getItem('@latch/connectedSocial'))).toContain(
    'discord',
  )
  await connectButton(page).click()
  await expect(dialog(page)).toContainText(`cleodiscord${run}`)
  await expect(dialog(page)).not.toContainText(`cleodiscord${run}#0`)
  await page.context().close()
})

test('a returning user in a new browser approves this device in the frame, told the site; a refusal signs nobody in', async ({
  browser,
}) => {
  const name = login('fay', 'google')
  const first = await newVisitor(browser)
  const address = await signIn(first, 'google', name)
  await first.context().close()

  // A browser that never held the wallet: the frame asks before the recovery share is fetched.
  const page = await newVisitor(browser)
  const popup = await openPopup(page, 'google')
  const closed = whenClosed(popup)
  await signInAtProvider(popup, name)
  await closed
  const view = frameView(page, 'ApproveNewDevice')
  await expect(view).toContainText(webUrl)
  await expect(view.getByTestId('confirm')).toBeEnabled()
  await expectAccessible(page, 'approve new device')
  await view.getByTestId('cancel').click()
  await expect(view).toHaveCount(0)
  await expect(dialog(page)).toHaveAttribute('data-view', 'Connect')
  await expect(connectButton(page)).toHaveAttribute('data-state', 'disconnected')
  expect(await signedInAddress(page)).toBeUndefined()

  // Asked again (from the list the modal went back to) and approved: the same wallet.
  expect(await signIn(page, 'google', name, { remembered: true, newDevice: true })).toBe(address)
  await page.context().close()
})

test('a declined consent ends with its message', async ({ browser }) => {
  const page = await newVisitor(browser)
  const popup = await openPopup(page, 'google')
  await popup.locator('input[name="login"]').fill(login('dan', 'google'))
  await popup.locator('input[name="password"]').fill('any password')
  await popup.getByRole('button', { name: 'Sign-in' }).click()
  await popup.getByRole('link', { name: '[ Cancel ]' }).click()
  // Told in the frame, whose view stays for another try; the modal keeps waiting.
  const status = frameView(page, 'SocialSignIn').getByTestId('signin-status')
  await expect(status).toHaveText('Sign-in with Google was declined')
  await expect(status).toHaveAttribute('role', 'alert')
  await expect(dialog(page)).toHaveAttribute('data-view', 'ConnectingSocial')
  await expect(connectButton(page)).toHaveAttribute('data-state', 'disconnected')
  await page.context().close()
})

test('a closed popup is told in the frame, whose button works again', async ({ browser }) => {
  const page = await newVisitor(browser)
  const popup = await openPopup(page, 'github')
  await expect(popup.locator('input[name="login"]')).toBeVisible()
  await popup.close()
  const view = frameView(page, 'SocialSignIn')
  await expect(view.getByTestId('signin-status')).toHaveText('The sign-in window was closed')
  // The frame's button works again at once.
  await expect(view.getByTestId('social-continue')).toBeEnabled()
  await expect(dialog(page)).toHaveAttribute('data-view', 'ConnectingSocial')
  // axe goes into the frame: its sign-in view, with the error, over the modal's wait.
  await expectAccessible(page, 'social sign-in, popup closed')
  await page.context().close()
})

test('a replayed provider answer is refused by the server', async ({ browser }) => {
  const page = await newVisitor(browser)
  const popup = await openPopup(page, 'google')
  let callbackUrl = ''
  popup.on('request', (request) => {
    if (request.url().includes('/auth/v1/social/callback?')) callbackUrl = request.url()
  })
  await signInAtProvider(popup, login('eve', 'google'))
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected', { timeout: 30_000 })
  expect(callbackUrl).toContain('code=')
  const replay = await page.context().newPage()
  await replay.goto(callbackUrl)
  await expect(replay.getByRole('heading')).toHaveText('This sign-in link is not valid')
  // A made-up state is refused the same way.
  const forged = new URL(callbackUrl)
  forged.searchParams.set('state', 'A'.repeat(43))
  await replay.goto(forged.href)
  await expect(replay.getByRole('heading')).toHaveText('This sign-in link is not valid')
  await page.context().close()
})
