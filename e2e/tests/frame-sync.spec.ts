import { expect, type Page, test } from '@playwright/test'
import { toHex } from 'viem'
import { connectButton, dialog } from '../support/app.js'
import { approvalView, withoutLocalNetworkAccessChecks } from '../support/embedded.js'
import { startEmailSignInInModal, typeCodeInFrame, walletFrame } from '../support/frameSignIn.js'
import { readCode } from '../support/mailbox.js'

// Issue 38 item 5: the page tells the secure frame the app's theme and name (SYNC_THEME,
// SYNC_DAPP_DATA) over the real MessagePort, and the frame's approval view shows them — the name
// only as the page's claim, after the origin the frame verified, and never one that spells
// another web address. The app's sync is driven through the dev handle (`__latchDev.auth`),
// as a page with that theme and metadata in its config would.
test.describe.configure({ mode: 'serial' })
test.use(withoutLocalNetworkAccessChecks())

const email = `sync-${Date.now()}@example.com`
let page: Page

type AppData = {
  themeMode?: 'light' | 'dark'
  themeVariables?: Record<string, string>
  metadata?: { name: string; description: string; url: string; icons: string[] }
}
const syncApp = (data: AppData) =>
  page.evaluate((d) => {
    const w = window as unknown as { __latchDev: { auth: { syncApp(data: unknown): void } } }
    // The app's config theme and an options store holding its metadata, as @latch/react passes.
    const { metadata, ...theme } = d
    w.__latchDev.auth.syncApp({
      ...theme,
      options: { getState: () => ({ metadata }), subscribe: () => () => {} },
    })
  }, data)
const metadata = (name: string) => ({ name, description: '', url: 'https://x.example', icons: [] })

/** A signature request through the app's own connector; the frame's approval view opens. */
async function askToSign(text: string) {
  await page.evaluate(async (message) => {
    type Provider = { request(args: unknown): Promise<unknown> }
    const w = window as unknown as {
      __latchDev: {
        auth: { getUser(): { address: string } | undefined }
        adapter: {
          wagmiConfig: { connectors: { id: string; getProvider(): Promise<Provider> }[] }
        }
      }
    }
    const connector = w.__latchDev.adapter.wagmiConfig.connectors.find((c) => c.id === 'latch-auth')
    const provider = await connector!.getProvider()
    void provider
      .request({ method: 'personal_sign', params: [message, w.__latchDev.auth.getUser()!.address] })
      .catch(() => {})
  }, toHex(text))
  await expect(approvalView(page)).toContainText(text)
}

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext()).newPage()
})
test.afterAll(() => page.context().close())

test('signs in by email', async () => {
  await page.goto('/')
  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Connect')
  await startEmailSignInInModal(page, email)
  await typeCodeInFrame(page, (await readCode(email)).code)
  await expect(dialog(page)).toBeHidden({ timeout: 30_000 })
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected')
})

test("the approval view wears the app's theme and shows its name as its own claim", async () => {
  await syncApp({
    themeMode: 'dark',
    themeVariables: { '--latch-accent': '#ffee00' },
    metadata: metadata('Demo shop'),
  })
  await askToSign('theme and name')
  const html = walletFrame(page).locator('html')
  await expect(html).toHaveAttribute('data-theme', 'dark')
  await expect(approvalView(page).getByTestId('approve')).toHaveCSS(
    'background-color',
    'rgb(255, 238, 0)',
  )
  await expect(approvalView(page).getByTestId('approve')).toHaveCSS('color', 'rgb(20, 20, 20)')
  // The verified origin first; the name after it, labelled as the page's claim.
  const origin = new URL(page.url()).origin
  await expect(approvalView(page).locator('> *').first()).toHaveText(
    `Request from ${origin} (verified by the wallet)`,
  )
  await expect(approvalView(page).getByTestId('dapp-claim')).toHaveText(
    'The page calls itself “Demo shop” (its own claim, not verified).',
  )
  await approvalView(page).getByTestId('reject').click()
  await expect(approvalView(page)).toBeHidden()
})

test('attack: a name imitating another origin and a theme with CSS injection are not shown', async () => {
  await syncApp({
    themeMode: 'light',
    themeVariables: { '--latch-accent': 'red;} body{display:none' },
    metadata: metadata('https://bank.example <img src=x onerror=alert(1)>'),
  })
  await askToSign('hostile sync')
  const claim = approvalView(page).getByTestId('dapp-claim')
  await expect(claim).toHaveAttribute('data-claim', 'address-like')
  await expect(approvalView(page)).not.toContainText('bank.example')
  await expect(approvalView(page).locator('img')).toHaveCount(0)
  // The injected variable never reached the frame: the accent is the frame's own default.
  await expect(walletFrame(page).locator('html')).toHaveAttribute('data-theme', 'light')
  await expect(approvalView(page).getByTestId('approve')).toHaveCSS(
    'background-color',
    'rgb(59, 91, 253)',
  )
  await expect(walletFrame(page).locator('body')).toBeVisible()
  await approvalView(page).getByTestId('reject').click()
})
