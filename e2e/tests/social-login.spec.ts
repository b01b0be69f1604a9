import { type Browser, expect, type Page, test } from '@playwright/test'
import { connectButton, dialog, signedInAddress } from '../support/app.js'
import { withoutLocalNetworkAccessChecks } from '../support/embedded.js'

// Social sign-in in the web app: the modal's provider buttons, the 600×800 popup at the dev
// identity provider (`npm start` runs one OpenID provider per social provider), the server's
// callback, and the embedded wallet the frame makes or recovers for that identity.
test.use(withoutLocalNetworkAccessChecks())

const PROVIDERS = [
  { id: 'google', label: 'Google' },
  { id: 'github', label: 'GitHub' },
  { id: 'apple', label: 'Apple' },
  { id: 'facebook', label: 'Facebook' },
  { id: 'x', label: 'X' },
  { id: 'discord', label: 'Discord' },
] as const

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

/** Clicks a provider's button and returns its popup, as it opens. */
async function openPopup(page: Page, provider: string) {
  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Connect')
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    dialog(page).getByTestId(`social-${provider}`).click(),
  ])
  return popup
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

/** `remembered`: the provider still has the visitor's session and consent, so shows nothing. */
async function signIn(page: Page, provider: string, name: string, remembered = false) {
  const popup = await openPopup(page, provider)
  const closed = popup.waitForEvent('close')
  if (!remembered) await signInAtProvider(popup, name)
  await closed
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
    expect(await signIn(page, id, login('ann', id), true)).toBe(first)

    // The messages the page got carry a one-time result code, never a provider token.
    const messages = await page.evaluate(
      () => (window as unknown as { __messages: string[] }).__messages,
    )
    expect(messages.some((m) => m.includes('"latch:social"'))).toBe(true)
    expect(messages.join('\n')).not.toMatch(/access_token|id_token|refresh_token/)

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

test('a declined consent ends with its message', async ({ browser }) => {
  const page = await newVisitor(browser)
  const popup = await openPopup(page, 'google')
  await popup.locator('input[name="login"]').fill(login('dan', 'google'))
  await popup.locator('input[name="password"]').fill('any password')
  await popup.getByRole('button', { name: 'Sign-in' }).click()
  await popup.getByRole('link', { name: '[ Cancel ]' }).click()
  await expect(dialog(page).getByRole('alert')).toHaveText('Sign-in with Google was declined')
  await expect(connectButton(page)).toHaveAttribute('data-state', 'disconnected')
  await page.context().close()
})

test("a closed popup ends with 'Popup closed'", async ({ browser }) => {
  const page = await newVisitor(browser)
  const popup = await openPopup(page, 'github')
  await expect(popup.locator('input[name="login"]')).toBeVisible()
  await popup.close()
  await expect(dialog(page).getByRole('alert')).toHaveText('Popup closed')
  // The buttons work again at once.
  await expect(dialog(page).getByTestId('social-github')).toBeEnabled()
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
