import { expect, test } from '@playwright/test'
import { connectButton, dialog } from '../support/app.js'

test('the catalogue: recommended wallets, 40 per page as the list scrolls, search with a spinner', async ({
  page,
}) => {
  const requests: URL[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname === '/getWallets') requests.push(url)
  })
  await page.goto('/')
  await connectButton(page).click()
  const recommended = dialog(page).locator('[data-section="recommended"] li')
  await expect(recommended).toHaveCount(4)

  await page.getByTestId('all-wallets').click()
  const wallets = page.getByTestId('catalogue-wallet')
  await expect(wallets).toHaveCount(40)
  const recommendedRequest = requests.find((u) => u.searchParams.get('entries') === '4')
  expect(recommendedRequest?.searchParams.get('page')).toBe('1')
  expect(
    requests.some(
      (u) =>
        u.searchParams.get('page') === '1' &&
        u.searchParams.get('entries') === '40' &&
        !u.searchParams.has('search'),
    ),
  ).toBe(true)

  await page.getByTestId('wallets-sentinel').scrollIntoViewIfNeeded()
  await expect.poll(() => wallets.count()).toBeGreaterThan(40)
  expect(requests.some((u) => u.searchParams.get('page') === '2')).toBe(true)

  await page.getByRole('searchbox', { name: 'Search wallets' }).fill('rabby')
  await expect(page.getByTestId('wallets-searching')).toBeVisible()
  await expect(page.getByTestId('wallets-searching')).toBeHidden()
  await expect(wallets).toHaveCount(1)
  await expect(wallets).toContainText('Rabby')
  const search = requests.find((u) => u.searchParams.get('search') === 'rabby')
  expect(search?.searchParams.get('entries')).toBe('100')
})
