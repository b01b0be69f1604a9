import { rmSync } from 'node:fs'
import type { Server } from 'node:http'
import { expect, type Page, type Route, test } from '@playwright/test'
import { createWalletClient, http, parseEther } from 'viem'
import { mnemonicAddresses } from '../../scripts/devchain/accounts.js'
import { admin, ports, webUrl } from '../playwright.config.js'
import {
  allowOrigin,
  buildAppKitApp,
  installAppKitApp,
  REFERENCE_HOSTS,
  serveStatic,
  storedAnalyticsEvents,
} from '../support/appkitApp.js'
import { expectedMonthHeaders, readAccountHistory } from '../support/chainHistory.js'
import { injectTestWallet, TEST_WALLET_INFO } from '../support/wallet.js'

// Issue #14's acceptance test: an app written against the published, unmodified Reown AppKit
// (e2e/appkit-compat, installed on first use) runs on the e2e stack's server. Inside this test
// only, the browser's requests to AppKit's three cloud hosts are answered by the Latch server;
// every other non-loopback request is refused, so nothing leaves the machine.

const chainUrl = `http://127.0.0.1:${ports.chain}`
const serverUrl = `http://127.0.0.1:${ports.server}`
const appPort = ports.web + 40
const appOrigin = `http://127.0.0.1:${appPort}`
const ACCOUNT_0 = mnemonicAddresses[0]
/** The server's page size when the client names none, as AppKit does (docs/provider-services.md). */
const DEFAULT_PAGE_SIZE = 50

/**
 * AppKit asks for pages of the server's default size, larger than the seeded history; transfers
 * from another unlocked dev account make the history span two pages, so AppKit must follow a cursor.
 */
async function growHistoryBeyondOnePage(have: number): Promise<void> {
  const wallet = createWalletClient({ account: mnemonicAddresses[1], transport: http(chainUrl) })
  for (let i = have; i <= DEFAULT_PAGE_SIZE + 2; i++) {
    await wallet.sendTransaction({ chain: null, to: ACCOUNT_0, value: parseEther('0.001') })
  }
}

/** The server's whole history of the account (every page of up to 100), as hashes. */
async function serverHistory(projectId: string): Promise<string[]> {
  const hashes: string[] = []
  let cursor: string | undefined
  do {
    const url = new URL(`${serverUrl}/v1/account/${ACCOUNT_0}/history`)
    url.searchParams.set('projectId', projectId)
    url.searchParams.set('chainId', 'eip155:31337')
    url.searchParams.set('limit', '100')
    if (cursor) url.searchParams.set('cursor', cursor)
    const page = (await (
      await fetch(url, { headers: { origin: appOrigin } })
    ).json()) as HistoryPage
    hashes.push(...page.data.map((tx) => tx.metadata.hash))
    cursor = page.next ?? undefined
  } while (cursor)
  return hashes
}

/**
 * Waits until the server's index holds every transaction the chain shows for the account, and
 * resolves with the server's full listing. The server may list more than the chain reader here
 * finds (it also indexes internal transfers, which the reader does not trace).
 */
async function waitForIndex(projectId: string, chainHashes: string[]): Promise<string[]> {
  let listing: string[] = []
  await expect
    .poll(
      async () => {
        listing = await serverHistory(projectId)
        const have = new Set(listing)
        return chainHashes.filter((hash) => !have.has(hash))
      },
      { timeout: 60_000 },
    )
    .toEqual([])
  return listing
}

test.use({ timezoneId: 'UTC', viewport: { width: 1280, height: 720 } })
test.describe.configure({ mode: 'serial' })

let app: Server | undefined
let built = ''
let projectId = ''

test.beforeAll(async ({ browser }) => {
  // The first run installs the app's dependencies (most of a minute); later runs reuse them.
  test.setTimeout(600_000)
  const page = await browser.newPage()
  const scoped = page.waitForRequest((r) => new URL(r.url()).searchParams.has('projectId'))
  await page.goto(webUrl)
  projectId = new URL((await scoped).url()).searchParams.get('projectId') ?? ''
  await page.close()
  if (!projectId) throw new Error('the web app named no project id')
  console.log(`appkit-compat: dependencies ${await installAppKitApp()}`)
  await allowOrigin(admin, projectId, appOrigin)
  built = await buildAppKitApp({ projectId, chainRpcUrl: chainUrl })
  app = await serveStatic(built, appPort)
})

test.afterAll(async () => {
  await new Promise((resolve) => (app ? app.close(resolve) : resolve(undefined)))
  if (built) rmSync(built, { recursive: true, force: true })
})

interface ReferenceCall {
  method: string
  host: string
  path: string
  search: URLSearchParams
  status: number
  /** The Access-Control-Allow-Origin the Latch server answered with. */
  allowOrigin: string | undefined
  /** The JSON answer of a history page. */
  history?: HistoryPage
}

interface HistoryPage {
  data: {
    metadata: { hash: string; minedAt: string }
    transfers?: { nft_info?: { flags?: { is_spam?: boolean } } }[]
  }[]
  next?: string | null
}

/**
 * AppKit's own rule for rows it leaves out: it drops a transaction when every transfer is spam,
 * which (Array.every on an empty list) also drops transactions without transfers.
 */
const appKitShows = (tx: HistoryPage['data'][number]) =>
  !(tx.transfers ?? []).every((t) => t.nft_info?.flags?.is_spam === true)

/** Routes AppKit's cloud hosts to the Latch server, records each call, refuses all else. */
async function routeReferenceHosts(page: Page) {
  const calls: ReferenceCall[] = []
  const refused: string[] = []
  await page.context().route(/^https?:\/\//, async (route: Route) => {
    const request = route.request()
    const url = new URL(request.url())
    if (url.hostname === '127.0.0.1' || url.hostname === 'localhost') return route.continue()
    if (!(REFERENCE_HOSTS as readonly string[]).includes(url.hostname)) {
      refused.push(`${url.hostname}${url.pathname}`)
      return route.abort('blockedbyclient')
    }
    const response = await route.fetch({ url: `${serverUrl}${url.pathname}${url.search}` })
    calls.push({
      method: request.method(),
      host: url.hostname,
      path: url.pathname,
      search: url.searchParams,
      status: response.status(),
      allowOrigin: response.headers()['access-control-allow-origin'],
      ...(url.pathname.endsWith('/history') && response.ok()
        ? { history: (await response.json()) as HistoryPage }
        : {}),
    })
    return route.fulfill({ response })
  })
  return { calls, refused }
}

const rows = (page: Page) => page.locator('wui-transaction-list-item')

/**
 * Scrolls the activity list from its top by wheel, as a person does. AppKit (1.8.24) marks the
 * last row of each year as its paginator and watches only the first such row, so a jump to the
 * bottom of a history spanning years skips it; and it answers the next page from its 15-second
 * cache of the first one (the cursor is not part of the cache key), so the next page arrives only
 * once that cache has expired, when the row comes into view again.
 */
async function scrollLikeAUser(page: Page): Promise<void> {
  await rows(page).first().hover()
  await page.mouse.wheel(0, -100_000)
  for (let i = 0; i < 20; i++) await page.mouse.wheel(0, 150)
}

test('an unmodified AppKit app shows the catalogue and the seeded history from a Latch server', async ({
  page,
}) => {
  test.setTimeout(240_000)
  await growHistoryBeyondOnePage((await readAccountHistory(chainUrl, ACCOUNT_0)).length)
  const chainTxs = await readAccountHistory(chainUrl, ACCOUNT_0)
  expect(chainTxs.length).toBeGreaterThan(DEFAULT_PAGE_SIZE)
  const indexed = await waitForIndex(
    projectId,
    chainTxs.map((tx) => tx.hash),
  )
  expect(chainTxs.filter((tx) => tx.spamOnly).length).toBeGreaterThan(0)

  const { calls, refused } = await routeReferenceHosts(page)
  await injectTestWallet(page, { rpcUrl: chainUrl })
  await page.goto(appOrigin)

  // The connect view: the injected EIP-6963 wallet and the catalogue's featured wallets.
  await page.getByText('Connect Wallet').click()
  await expect(page.getByText(TEST_WALLET_INFO.name).first()).toBeVisible()

  // The whole catalogue, page after page, with its images.
  await page.getByTestId('all-wallets').click()
  await expect(page.getByText('Trust Wallet')).toBeVisible()
  await expect
    .poll(
      () => calls.filter((c) => c.path === '/getWallets' && c.search.get('page') === '2').length,
    )
    .toBeGreaterThan(0)
  await expect
    .poll(
      () => calls.filter((c) => c.path.startsWith('/getWalletImage/') && c.status === 200).length,
    )
    .toBeGreaterThanOrEqual(4)
  await page.getByTestId('header-back').click()

  // Connect, open the account view, then Activity.
  await page.getByText(TEST_WALLET_INFO.name).first().click()
  await expect(page.getByTestId('account-button')).toBeVisible()
  await page.getByTestId('account-button').click()
  await page.getByTestId('w3m-account-default-activity-button').click()

  await expect(rows(page).first()).toBeVisible()
  const history = () => calls.filter((c) => c.path === `/v1/account/${ACCOUNT_0}/history`)
  // The server pages exactly the chain's history, spam-only transactions flagged as spam ...
  await expect
    .poll(
      async () => {
        await scrollLikeAUser(page)
        const pages = history()
        return pages.length > 0 && !pages.at(-1)?.history?.next
      },
      { timeout: 60_000 },
    )
    .toBe(true)
  const served = history().flatMap((c) => c.history?.data ?? [])
  // AppKit's pages (default size, by cursor) hold exactly the server's listing, no row twice.
  expect(served.map((tx) => tx.metadata.hash).sort()).toEqual([...indexed].sort())
  const spamHashes = new Set(chainTxs.filter((tx) => tx.spamOnly).map((tx) => tx.hash))
  for (const tx of served.filter((t) => spamHashes.has(t.metadata.hash as `0x${string}`)))
    expect(appKitShows(tx)).toBe(false)
  expect(history().length).toBeGreaterThanOrEqual(2)
  expect(history()[0]?.search.has('cursor')).toBe(false)
  expect(history()[1]?.search.get('cursor')).toBeTruthy()

  // ... and AppKit renders every row it keeps, under month headers, newest first.
  const kept = served.filter(appKitShows)
  await expect(rows(page)).toHaveCount(kept.length)
  const headers = await page.getByTestId('group-title').allTextContents()
  const keptMinedAt = kept.map((tx) => ({ minedAt: Date.parse(tx.metadata.minedAt) }))
  expect(headers.map((h) => h.trim())).toEqual(
    expectedMonthHeaders(keptMinedAt as Parameters<typeof expectedMonthHeaders>[0]),
  )

  // Analytics: AppKit batches its events to the analytics host with sendBeacon; a page freeze
  // (as a mobile browser sends it) makes it flush them at once rather than on its 10 s timer.
  await page.getByTestId('w3m-header-close').click()
  await page.evaluate(() => document.dispatchEvent(new Event('freeze')))
  await expect.poll(() => calls.filter((c) => c.path === '/batch').length).toBeGreaterThan(0)
  await expect
    .poll(
      async () =>
        (await storedAnalyticsEvents(admin, projectId)).filter((e) => e.sdkType === 'appkit')
          .length,
    )
    .toBeGreaterThan(0)

  // Every reference call answered, and readable by the app's origin (images by any page).
  const failed = calls.filter((c) => c.status >= 400)
  expect(failed.map((c) => `${c.method} ${c.host}${c.path} -> ${c.status}`)).toEqual([])
  const unreadable = calls.filter((c) => c.allowOrigin !== appOrigin && c.allowOrigin !== '*')
  expect(unreadable.map((c) => `${c.host}${c.path} (${c.allowOrigin})`)).toEqual([])
  for (const required of ['/appkit/v1/config', '/appkit/v1/project-limits', '/v1/supported-chains'])
    expect(calls.some((c) => c.path === required)).toBe(true)
  console.log(
    `appkit-compat: ${calls.length} reference calls answered, ${refused.length} other requests refused (${[...new Set(refused.map((r) => r.split('/')[0]))].join(', ')})`,
  )
  // AppKit keeps sending (its 10 s analytics batch): a call still being forwarded when the test
  // ends must not fail it, now that everything it checks has been checked.
  await page.unrouteAll({ behavior: 'ignoreErrors' })
})
