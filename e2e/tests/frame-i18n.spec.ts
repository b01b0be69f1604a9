import { expect, type Page, test } from '@playwright/test'
import { toHex } from 'viem'
import { de } from '../../packages/frame/src/app/i18n/de.js'
import { en } from '../../packages/frame/src/app/i18n/en.js'
import { connectButton, dialog } from '../support/app.js'
import { approvalView, withoutLocalNetworkAccessChecks } from '../support/embedded.js'
import {
  emailCodeView,
  expectAccessible,
  startEmailSignInInModal,
  typeCodeInFrame,
  walletFrame,
} from '../support/frameSignIn.js'
import { readCode } from '../support/mailbox.js'

// Issue 38 item 7, the secure frame's part: a page configured with locale 'de' (AuthAppSource's
// locale, sent in SYNC_DAPP_DATA) gets the frame's own views in German — the email code view and
// the approval view — with no English text of the frame's catalogue left, axe-clean in both
// themes, and nothing wider than a 360 px phone. The app's sync is driven through the dev handle
// (`__latchDev.auth`), as @latch/react passes the app's config.
test.describe.configure({ mode: 'serial' })
test.use({ ...withoutLocalNetworkAccessChecks(), viewport: { width: 360, height: 740 } })

const email = `i18n-${Date.now()}@example.com`
let page: Page

const syncApp = (data: { locale: string; themeMode?: 'light' | 'dark' }) =>
  page.evaluate((d) => {
    const w = window as unknown as { __latchDev: { auth: { syncApp(data: unknown): void } } }
    const metadata = { name: 'Demo-Laden', description: '', url: 'https://x.example', icons: [] }
    w.__latchDev.auth.syncApp({
      ...d,
      options: { getState: () => ({ metadata }), subscribe: () => () => {} },
    })
  }, data)

/**
 * The English catalogue's fixed wording (placeholders cut out) of every text German words
 * differently: none of it may be on a German view. Short pieces ('To', ' (') would match inside
 * German words or names, so only pieces of 5 characters or more count.
 */
const englishPieces = Object.entries(en)
  .filter(([key, text]) => (de as Record<string, string>)[key] !== text)
  .flatMap(([, text]) => text.split(/\{\w+\}/))
  .map((piece) => piece.trim())
  .filter((piece) => piece.length >= 5)

async function expectNoEnglish(text: string) {
  const left = englishPieces.filter((piece) => text.includes(piece))
  expect(left, text).toEqual([])
}

/** No horizontal scrolling in the frame's document or its view at the phone's width. */
async function expectNoOverflow(view: string) {
  const overflow = await walletFrame(page)
    .locator(`[data-view="${view}"]`)
    .evaluate((node) => ({
      page:
        node.ownerDocument.documentElement.scrollWidth -
        node.ownerDocument.documentElement.clientWidth,
      view: node.scrollWidth - node.clientWidth,
    }))
  expect(overflow, view).toEqual({ page: 0, view: 0 })
}

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext({ timezoneId: 'UTC' })).newPage()
})
test.afterAll(() => page.context().close())

test('the email code view is in German', async () => {
  await page.goto('/')
  // Kept by the connector until the frame is ready, then sent before anything else.
  await syncApp({ locale: 'de', themeMode: 'light' })
  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Connect')
  await startEmailSignInInModal(page, email)
  const view = emailCodeView(page)
  await expect(view.locator('h1')).toHaveText('Anmeldecode eingeben')
  // Screen readers read the frame's views as German.
  await expect(walletFrame(page).locator('html')).toHaveAttribute('lang', 'de')
  await expect(view.getByTestId('signin-submit')).toHaveText('Anmelden')
  await expectNoEnglish((await view.textContent()) ?? '')
  await expectNoOverflow('EmailCode')
  await typeCodeInFrame(page, (await readCode(email)).code)
  await expect(dialog(page)).toBeHidden({ timeout: 30_000 })
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected')
})

test('the approval view is in German, axe-clean in both themes, and fits 360 px', async () => {
  for (const themeMode of ['light', 'dark'] as const) {
    await syncApp({ locale: 'de', themeMode })
    const message = `Hallo Welt ${themeMode}`
    await page.evaluate(async (hex) => {
      type Provider = { request(args: unknown): Promise<unknown> }
      const w = window as unknown as {
        __latchDev: {
          auth: { getUser(): { address: string } | undefined }
          adapter: {
            wagmiConfig: { connectors: { id: string; getProvider(): Promise<Provider> }[] }
          }
        }
      }
      const connector = w.__latchDev.adapter.wagmiConfig.connectors.find(
        (c) => c.id === 'latch-auth',
      )
      const provider = await connector!.getProvider()
      void provider
        .request({ method: 'personal_sign', params: [hex, w.__latchDev.auth.getUser()!.address] })
        .catch(() => {})
    }, toHex(message))
    const view = approvalView(page)
    await expect(view).toContainText(message)
    await expect(walletFrame(page).locator('html')).toHaveAttribute('data-theme', themeMode)
    await expect(view.locator('h1')).toHaveText(de['message.title'])
    await expect(view.getByTestId('approve')).toHaveText(de['action.approve'])
    await expect(view.getByTestId('reject')).toHaveText(de['action.reject'])
    await expect(view.locator('> *').first()).toHaveText(
      `Anfrage von ${new URL(page.url()).origin} (von der Wallet geprüft)`,
    )
    await expect(view.getByTestId('dapp-claim')).toHaveText(
      'Die Seite nennt sich „Demo-Laden“ (eigene Angabe, nicht geprüft).',
    )
    await view.locator('details').evaluate((node) => node.setAttribute('open', ''))
    await expectNoEnglish((await view.textContent()) ?? '')
    await expectNoOverflow('ApproveTransaction')
    await expectAccessible(page, `German approval view, ${themeMode}`)
    await view.getByTestId('reject').click()
    await expect(view).toBeHidden()
  }
})
