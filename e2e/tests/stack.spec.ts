import { expect, test } from '@playwright/test'
import { createPublicClient, http } from 'viem'
import { ports } from '../playwright.config.js'

test('the landing page proves the wiring: server, database and dev chain', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Latch', level: 1 })).toBeVisible()
  await expect(page.getByTestId('chain-id')).toHaveText('31337')
  await expect(page.getByTestId('database-status')).toContainText('reachable')

  // The block the page shows is the chain's, read here independently.
  const chain = createPublicClient({ transport: http(`http://127.0.0.1:${ports.chain}`) })
  const latest = await chain.getBlockNumber()
  const shown = BigInt((await page.getByTestId('block-number').textContent()) ?? '-1')
  expect(shown).toBeGreaterThan(0n)
  expect(shown).toBeLessThanOrEqual(latest)
})

test('the secure frame is served from its own site', async ({ page }) => {
  await page.goto(`http://127.0.0.1:${ports.frame}/`)
  await expect(page.locator('#frame-root')).toHaveAttribute(
    'data-origin',
    `http://127.0.0.1:${ports.frame}`,
  )
})
