import { expect, test } from '@playwright/test'
import { ports } from '../playwright.config.js'
import { connectButton, connectWithMouse, dialog, scrollToEnd } from '../support/app.js'
import { expectedMonthHeaders, readAccountHistory } from '../support/chainHistory.js'
import { injectTestWallet } from '../support/wallet.js'

const rpcUrl = `http://127.0.0.1:${ports.chain}`
const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

// Month headers are in the browser's local time; the expectation is computed in UTC.
test.use({ timezoneId: 'UTC', viewport: { width: 1280, height: 720 } })

test('connects the injected wallet and shows its seeded history by month, page after page', async ({
  page,
}) => {
  // Paging through a long history (a chain others have added to) takes a while.
  test.setTimeout(240_000)
  const chainTxs = await readAccountHistory(rpcUrl, ACCOUNT_0)
  const spamOnly = chainTxs.filter((tx) => tx.spamOnly)
  const mixed = chainTxs.filter((tx) => tx.mixed)
  expect(spamOnly.length).toBeGreaterThan(0)
  expect(mixed.length).toBeGreaterThan(0)
  const shown = chainTxs.filter((tx) => !tx.spamOnly)

  const historyRequests: URL[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.endsWith('/history')) historyRequests.push(url)
  })
  await injectTestWallet(page, { rpcUrl })
  await page.goto('/')
  await expect(page.getByRole('heading', { name: /history, on your own server/ })).toBeVisible()
  await connectWithMouse(page)
  await expect(connectButton(page)).toContainText('0xf3…b92266')

  await expect(page.getByTestId('activity-row').first()).toBeVisible()
  const firstPageRows = await page.getByTestId('activity-row').count()
  expect(firstPageRows).toBeLessThan(shown.length)
  const rows = await scrollToEnd(page)
  expect(rows).toBe(shown.length)
  const pages = historyRequests.filter((u) => u.searchParams.get('chainId') === 'eip155:31337')
  expect(pages.length).toBeGreaterThanOrEqual(2)
  expect(pages[0]?.searchParams.has('cursor')).toBe(false)
  expect(pages[1]?.searchParams.get('cursor')).toBeTruthy()

  const headers = await page.getByTestId('activity-month').allTextContents()
  expect(headers).toEqual(expectedMonthHeaders(shown))

  for (const tx of spamOnly)
    await expect(page.locator(`[data-tx-hash="${tx.hash}"]`)).toHaveCount(0)
  for (const tx of mixed) await expect(page.locator(`[data-tx-hash="${tx.hash}"]`)).toHaveCount(1)
  const shownHashes = await page
    .getByTestId('activity-row')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-tx-hash')?.toLowerCase()))
  expect(new Set(shownHashes)).toEqual(new Set(shown.map((tx) => tx.hash.toLowerCase())))
})

test('switching network refetches; disconnect; a reload reconnects', async ({ page }) => {
  const historyRequests: URL[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.endsWith('/history')) historyRequests.push(url)
  })
  const wallet = await injectTestWallet(page, { rpcUrl })
  await page.goto('/')
  await connectWithMouse(page)
  await expect(page.getByTestId('activity-row').first()).toBeVisible()

  // Sepolia: the wallet does not know it (4902), adds it, switches; the list starts over.
  await page.getByTestId('network-switcher').click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Networks')
  await page.getByTestId('network-eip155:11155111').click()
  await expect(dialog(page)).toBeHidden()
  await expect(page.getByTestId('network-switcher')).toContainText('Sepolia')
  expect(wallet.state.chainId).toBe(11155111)
  await expect
    .poll(() => historyRequests.some((u) => u.searchParams.get('chainId') === 'eip155:11155111'))
    .toBe(true)
  await expect(page.getByTestId('activity-row')).toHaveCount(0)
  // This server indexes only the dev chain: Sepolia has no history here, which is no error.
  await expect(page.getByTestId('activity-empty')).toContainText('No activity for this network')
  await expect(page.locator('.latch-activity-error')).toHaveCount(0)
  // The account view links the address on the network's explorer.
  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Account')
  await expect(page.getByRole('link', { name: 'Block Explorer' })).toHaveAttribute(
    'href',
    `https://sepolia.etherscan.io/address/${ACCOUNT_0}`,
  )
  await page.keyboard.press('Escape')

  // And back: the dev chain's history again, from page one.
  const before = historyRequests.length
  await page.getByTestId('network-switcher').click()
  await page.getByTestId('network-eip155:31337').click()
  await expect(page.getByTestId('network-switcher')).toContainText('Latch Dev Chain')
  await expect(page.getByTestId('activity-row').first()).toBeVisible()
  const again = historyRequests.slice(before)
  expect(again[0]?.searchParams.get('chainId')).toBe('eip155:31337')
  expect(again[0]?.searchParams.has('cursor')).toBe(false)

  // A reload finds the wallet still connected.
  await page.reload()
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected')
  await expect(page.getByTestId('activity-row').first()).toBeVisible()

  // Disconnect from the account view; the landing comes back and stays after a reload.
  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Account')
  await expect(page.getByTestId('account-name')).toHaveText('0xf3…b92266')
  // The native balance, to at most 3 decimals, with its symbol.
  await expect(page.getByTestId('account-balance')).toHaveText(/^Balance: [\d,]+(\.\d{1,3})? ETH$/)
  await page.getByTestId('disconnect').click()
  await expect(dialog(page)).toBeHidden()
  await expect(connectButton(page)).toHaveText('Connect Wallet')
  await expect(page.getByRole('heading', { name: /history, on your own server/ })).toBeVisible()
  await expect(page.getByTestId('activity-row')).toHaveCount(0)
  await page.reload()
  await expect(connectButton(page)).toHaveText('Connect Wallet')
})
