import { expect, test } from '@playwright/test'
import { type Address, createSolanaRpc } from '@solana/kit'
import { solanaRpcUrl } from '../playwright.config.js'
import { connectButton, dialog, scrollToEnd } from '../support/app.js'
import { expectedMonthHeaders } from '../support/chainHistory.js'
import { injectSolanaWallet } from '../support/solanaWallet.js'

test.use({ timezoneId: 'UTC', viewport: { width: 1280, height: 720 } })

const WALLET_TESTID = 'wallet-wallet-standard:Latch Solana Test Wallet'

/** Every signature naming the account or its token accounts, with times, from the cluster itself. */
async function clusterHistory(owner: string) {
  const rpc = createSolanaRpc(solanaRpcUrl)
  const sources: Address[] = [owner as Address]
  const { value } = await rpc
    .getTokenAccountsByOwner(
      owner as Address,
      { programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address },
      { encoding: 'base64' },
    )
    .send()
  sources.push(...value.map((entry) => entry.pubkey))
  const found = new Map<string, number>()
  for (const source of sources)
    for (const entry of await rpc.getSignaturesForAddress(source).send())
      found.set(entry.signature, Number(entry.blockTime) * 1000)
  return [...found].map(([hash, minedAt]) => ({ hash, minedAt }))
}

test('connects a wallet-standard Solana wallet, shows its history by month, signs, and reconnects after a reload', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const { signer, wallet } = await injectSolanaWallet(page)
  await page.goto('/')
  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Connect')
  await page.getByTestId(WALLET_TESTID).click()
  await expect(dialog(page)).toBeHidden()
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected')
  const short = `${signer.address.slice(0, 4)}…${signer.address.slice(-6)}`
  await expect(connectButton(page)).toContainText(short)

  // The history: every transaction the cluster has for the account but the spam airdrop,
  // grouped by month, newest first.
  const history = await clusterHistory(signer.address)
  await expect(page.getByTestId('activity-row').first()).toBeVisible()
  await scrollToEnd(page)
  const shown = await page
    .getByTestId('activity-row')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-tx-hash')))
  expect(shown.length).toBe(history.length - 1)
  expect(new Set(history.map((h) => h.hash))).toEqual(
    new Set([...shown, ...history.map((h) => h.hash).filter((h) => !shown.includes(h))]),
  )
  const spam = history.filter((h) => !shown.includes(h.hash))
  expect(spam).toHaveLength(1)
  const headers = await page.getByTestId('activity-month').allTextContents()
  expect(headers).toEqual(
    expectedMonthHeaders(history.filter((h) => shown.includes(h.hash)) as never),
  )
  expect(headers.length).toBeGreaterThanOrEqual(15)

  await page.reload()
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected')
  await expect(connectButton(page)).toContainText(short)
  expect(wallet.requests).toContain('connect (silent)')
})
