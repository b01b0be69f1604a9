import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Locator, type Page, test } from '@playwright/test'
import { strangerAddress } from '../../scripts/devchain/accounts.js'
import { ports } from '../playwright.config.js'
import { connectButton, dialog } from '../support/app.js'
import { injectTestWallet, TEST_WALLET_INFO } from '../support/wallet.js'

// The whole connect → history → send flow in German at 360 px: no English string of the catalogues
// on screen, nothing wider than the viewport, axe clean in both themes at each step.
const rpcUrl = `http://127.0.0.1:${ports.chain}`
const SHOTS = 'e2e/artifacts/screenshots'
const WIDTH = 360

test.use({ viewport: { width: WIDTH, height: 740 }, timezoneId: 'UTC', locale: 'de-DE' })

// Every English string whose German differs, from the catalogues themselves (a script: the English
// sits beside the views), and the German by path. A string the German keeps ('Token') is not looked for.
// Read when the test starts, beside its first page load, not when the file loads: Playwright loads
// every spec file in its main process once the stack is up, and a script run there held up both lanes.
interface Catalogues {
  english: string[]
  de: Record<string, string>
}
let catalogues: Catalogues | undefined
function readCatalogues(): Promise<Catalogues> {
  return promisify(execFile)(
    'npx',
    ['tsx', '--conditions=latch-source', 'e2e/support/localeStrings.ts'],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  ).then(({ stdout }) => {
    catalogues = JSON.parse(stdout) as Catalogues
    patterns = englishPatterns(catalogues.english)
    return catalogues
  })
}
/** The German string at a catalogue path. */
const de = (at: string) => {
  const text = catalogues?.de[at]
  if (text === undefined) throw new Error(`no German string at ${at}`)
  return text
}

// Names that read the same in both languages but may equal a catalogue string somewhere.
const ALLOWED = new Set(['Latch', 'WalletConnect', 'EVM', 'ETH', TEST_WALLET_INFO.name])

/** An English template ('Available: {amount} {symbol}') as a whole-text pattern. */
const englishPatterns = (english: string[]) =>
  english
    .filter((text) => /[A-Za-z]{2,}/.test(text.replace(/\{\w+\}/g, '')) && !ALLOWED.has(text))
    .map((text) => {
      const escaped = text.replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      return { text, pattern: new RegExp(`^${escaped.replace(/\\?\{\w+\\?\}/g, '.+?')}$`) }
    })
let patterns: { text: string; pattern: RegExp }[] = []

/** The visible texts under `root`: text nodes and the labels a screen reader speaks. */
function visibleTexts(root: Locator): Promise<string[]> {
  return root.evaluate((element) => {
    const texts: string[] = []
    const shown = (el: Element | null) =>
      !!el && el.checkVisibility({ opacityProperty: true, visibilityProperty: true })
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim()
      if (text && shown(node.parentElement)) texts.push(text)
    }
    for (const el of element.querySelectorAll('[aria-label],[placeholder],[title],[alt]'))
      if (shown(el))
        for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
          const value = el.getAttribute(name)?.trim()
          if (value) texts.push(value)
        }
    // The element itself: the page's <main> or the dialog may carry a label too.
    const own = element.getAttribute('aria-label')
    if (own) texts.push(own)
    return texts
  })
}

/** The catalogue's English strings shown under `root`, each beside the text that matched it. */
async function englishOnScreen(root: Locator, step: string): Promise<string[]> {
  const texts = await visibleTexts(root)
  expect(texts.length, step).toBeGreaterThan(0)
  return texts.flatMap((text) =>
    patterns.filter(({ pattern }) => pattern.test(text)).map((p) => `${text} ← "${p.text}"`),
  )
}

async function expectNoEnglish(root: Locator, step: string) {
  expect(await englishOnScreen(root, step), `English left on screen at ${step}`).toEqual([])
}

async function expectNoOverflow(page: Page, step: string) {
  const overflow = await page.evaluate(() => {
    const modal = document.querySelector('[role="dialog"] .latch-view')
    return {
      page: document.documentElement.scrollWidth - window.innerWidth,
      view: modal ? modal.scrollWidth - modal.clientWidth : 0,
    }
  })
  expect(overflow, `overflow at ${step}`).toEqual({ page: 0, view: 0 })
}

/** axe over the whole page in the light and the dark theme; a screenshot of each. */
async function expectAccessible(page: Page, step: string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme })
    await expect(page.locator('.app')).toHaveAttribute('data-theme', theme)
    await page.screenshot({ path: `${SHOTS}/i18n-${step}-${theme}.png` })
    const results = await new AxeBuilder({ page }).analyze()
    const summary = results.violations.map((v) => ({
      id: v.id,
      nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
    }))
    expect(summary, `${step} (${theme})`).toEqual([])
  }
}

async function check(page: Page, step: string, root: Locator = page.locator('body')) {
  await expectNoEnglish(root, step)
  await expectNoOverflow(page, step)
  await expectAccessible(page, step)
}

test('connect, history and send in German at 360 px', async ({ page }) => {
  test.setTimeout(240_000)
  const reading = readCatalogues()
  // Awaited below; a failure before then must not go unhandled meanwhile.
  reading.catch(() => {})
  await injectTestWallet(page, { rpcUrl })
  await page.goto('/')
  await reading
  await expect(page.getByTestId('chain-id')).toHaveText('31337')
  // The German strings arrive on demand; the button says so once they have.
  await expect(connectButton(page)).toHaveText(de('button.connect'))
  await check(page, 'landing')

  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Connect')
  await expect(page.getByTestId(`wallet-${TEST_WALLET_INFO.rdns}`)).toBeVisible()
  await check(page, 'connect')

  await page.getByTestId(`wallet-${TEST_WALLET_INFO.rdns}`).click()
  await expect(dialog(page)).toBeHidden()
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected')

  // History: the page's list, dated in German.
  const row = page.getByTestId('activity-row').first()
  await expect(row).toBeVisible()
  await expect(row.locator('time')).toHaveText(/^(vor |gestern|letzte|jetzt)/)
  await check(page, 'history')

  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Account')
  await expect(page.getByTestId('account-balance')).toContainText('ETH')
  await expect(dialog(page).getByTestId('token-balances')).toBeVisible()
  await check(page, 'account', dialog(page))

  await dialog(page)
    .getByRole('button', { name: de('account.activity') })
    .click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Activity')
  await expect(dialog(page).getByTestId('activity-row').first()).toBeVisible()
  await check(page, 'activity', dialog(page))
  await dialog(page)
    .getByRole('button', { name: de('modal.back'), exact: true })
    .click()

  // Send 0.01 ETH: the form, the review, the wallet, the confirmation.
  await dialog(page).getByTestId('account-send').click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'WalletSend')
  const option = dialog(page).locator('option', { hasText: 'ETH' })
  await dialog(page)
    .getByLabel(de('send.token'))
    .selectOption((await option.getAttribute('value')) ?? '')
  const amount = dialog(page).getByRole('textbox', { name: de('send.amount') })
  await amount.fill('0,01')
  // Typed and shown with the German decimal comma.
  await expect(amount).toHaveValue('0,01')
  await dialog(page).getByLabel(de('send.receiver'), { exact: true }).fill(strangerAddress(61))
  await expect(dialog(page).getByTestId('send-fee')).toContainText('≈')
  await check(page, 'send-form', dialog(page))

  await dialog(page)
    .getByRole('button', { name: de('send.preview') })
    .click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'WalletSendPreview')
  await expect(dialog(page).getByTestId('review-amount')).toHaveText('0,01 ETH')
  await check(page, 'send-review', dialog(page))

  await dialog(page)
    .getByRole('button', { name: de('send.sendLabel'), exact: true })
    .click()
  await expect(dialog(page).getByTestId('send-status')).toHaveAttribute(
    'data-status',
    'confirmed',
    { timeout: 30_000 },
  )
  await expect(dialog(page).getByTestId('send-status')).toContainText(de('send.confirmed'))
  const hash = await dialog(page).getByTestId('send-hash').getAttribute('data-hash')
  await check(page, 'send-confirmed', dialog(page))
  await dialog(page)
    .getByRole('button', { name: de('send.done') })
    .click()
  await expect(dialog(page)).toBeHidden()

  // The send joins the page's history at once, titled in German.
  const sent = page.locator(`[data-testid="activity-row"][data-tx-hash="${hash}"]`)
  await expect(sent).toContainText(de('activity.operations.send'))
  await expect(sent).toContainText('0,01 ETH')
  await check(page, 'history-after-send')

  // The footer's links switch the language (?lang=): English, the same account still connected.
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  // By keyboard: scrolling a mouse click's target into view reaches the end of the list, whose
  // next page (infinite scroll) then pushes the footer down under the pointer — a rehearsal's
  // click landed on a history row after appkit-compat had grown the account past one page.
  await page.getByRole('link', { name: 'English' }).press('Enter')
  await expect(page).toHaveURL(/\?lang=en$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Deutsch' })).toHaveAttribute('hreflang', 'de')
  // The same check finds the English page's strings: it would see any left in German.
  expect(patterns.length).toBeGreaterThan(300)
  const found = await englishOnScreen(page.locator('body'), 'english')
  expect(found).toEqual(expect.arrayContaining([expect.stringMatching(/^Activity ← /)]))
})
