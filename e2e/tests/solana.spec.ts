import { expect, type Page, test } from '@playwright/test'
import {
  type Address,
  createSolanaRpc,
  getBase58Encoder,
  getPublicKeyFromAddress,
  type Signature,
  verifySignature,
} from '@solana/kit'
import { devSigner, tokenAccountOf } from '../../scripts/solana/accounts.js'
import { LOCAL_CLUSTER_CAIP2 } from '../../scripts/solana/ledger.js'
import { ports, solanaRpcUrl } from '../playwright.config.js'
import { connectButton, connectWithMouse, dialog, scrollToEnd } from '../support/app.js'
import { expectedMonthHeaders } from '../support/chainHistory.js'
import { approvalView, withoutLocalNetworkAccessChecks } from '../support/embedded.js'
import { startEmailSignInInModal, typeCodeInFrame } from '../support/frameSignIn.js'
import { readCode } from '../support/mailbox.js'
import { submitViaRpc } from '../support/solanaCluster.js'
import { injectSolanaWallet } from '../support/solanaWallet.js'
import { injectTestWallet } from '../support/wallet.js'

test.use({ timezoneId: 'UTC', viewport: { width: 1280, height: 720 } })
// The email user's test embeds the frame (app on localhost, frame on 127.0.0.1): see
// withoutLocalNetworkAccessChecks. A launch option, so it is set for the whole file.
test.use(withoutLocalNetworkAccessChecks())

const WALLET_TESTID = 'wallet-wallet-standard:Latch Solana Test Wallet'

const short = (address: string) => `${address.slice(0, 4)}…${address.slice(-6)}`

async function connectSolana(page: Page, address: string) {
  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Connect')
  await page.getByTestId(WALLET_TESTID).click()
  await expect(dialog(page)).toBeHidden()
  await expect(connectButton(page)).toContainText(short(address))
}

/**
 * Fills the send form and sends; resolves with the signature once the view says confirmed.
 * `approve` answers the wallet's own prompt, when it has one on the page (the embedded wallet).
 */
async function send(
  page: Page,
  symbol: string,
  amount: string,
  to: string,
  approve?: (page: Page) => Promise<void>,
) {
  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Account')
  await expect(
    dialog(page).locator(`[data-testid="token-balance"][data-symbol="${symbol}"]`),
  ).toBeVisible()
  await dialog(page).getByTestId('account-send').click()
  const option = dialog(page).locator('option', { hasText: symbol })
  await dialog(page)
    .getByLabel('Token')
    .selectOption((await option.first().getAttribute('value')) ?? '')
  await dialog(page).getByLabel('Amount').fill(amount)
  await dialog(page).getByLabel('To', { exact: true }).fill(to)
  await expect(dialog(page).getByTestId('send-fee')).toContainText('0.000005 SOL')
  await dialog(page).getByRole('button', { name: 'Review send' }).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'WalletSendPreview')
  await expect(dialog(page).getByTestId('review-amount')).toHaveText(`${amount} ${symbol}`)
  await expect(dialog(page).getByTestId('review-fee')).toContainText('SOL')
  const rentRow = dialog(page).getByTestId('review-rent')
  const rent = (await rentRow.count()) > 0 ? await rentRow.textContent() : null
  await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
  await approve?.(page)
  await expect(dialog(page).getByTestId('send-status')).toHaveAttribute(
    'data-status',
    'confirmed',
    {
      timeout: 30_000,
    },
  )
  const hash = (await dialog(page).getByTestId('send-hash').getAttribute('data-hash')) as string
  await dialog(page).getByRole('button', { name: 'Done' }).click()
  await expect(dialog(page)).toBeHidden()
  return { hash, rent }
}

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

test('signs a message anyone can verify, sends SOL and an SPL token to a new account, and lists both', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const { signer } = await injectSolanaWallet(page)
  await page.goto('/')
  await connectSolana(page, signer.address)

  await page.getByRole('button', { name: 'Sign a message' }).click()
  await page.getByRole('button', { name: 'Sign with your wallet' }).click()
  await expect(page.getByTestId('signature-check')).toHaveText('✓ Verified: signed by this account')
  const signature = (await page.getByTestId('signature').textContent()) as string
  const key = await getPublicKeyFromAddress(signer.address)
  const bytes = getBase58Encoder().encode(signature) as Parameters<typeof verifySignature>[1]
  expect(await verifySignature(key, bytes, new TextEncoder().encode('Hello from Latch'))).toBe(true)

  const rpc = createSolanaRpc(solanaRpcUrl)
  const shop = (await devSigner('shop')).address
  const before = (await rpc.getBalance(shop).send()).value
  const sol = await send(page, 'SOL', '0.01', shop)
  expect(sol.rent).toBeNull()
  expect((await rpc.getBalance(shop).send()).value).toBe(before + 10_000_000n)
  const solTx = await rpc
    .getTransaction(sol.hash as Signature, { maxSupportedTransactionVersion: 0, encoding: 'json' })
    .send()
  expect(solTx?.meta?.err).toBeNull()

  // A receiver that has never held LUSD: the send opens its token account, rent shown first.
  const receiver = (await devSigner(`e2e receiver ${Date.now()}`)).address
  const usd = await send(page, 'LUSD', '3.5', receiver)
  expect(usd.rent).toContain('0.002039 SOL')
  const ata = await tokenAccountOf(receiver, (await devSigner('mint usd')).address)
  expect((await rpc.getTokenAccountBalance(ata).send()).value.uiAmountString).toBe('3.5')

  // Both in the activity list, newest first, on the Solana cluster.
  const rows = page.getByTestId('activity-row')
  await expect(
    page.locator(`[data-testid="activity-row"][data-tx-hash="${usd.hash}"]`),
  ).toHaveCount(1)
  await expect(
    page.locator(`[data-testid="activity-row"][data-tx-hash="${sol.hash}"]`),
  ).toHaveCount(1)
  expect(await rows.first().getAttribute('data-tx-hash')).toBe(usd.hash)
  await expect(rows.first()).toContainText('3.5')
})

test('keeps an EVM and a Solana connection in one session and switches between them', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await injectTestWallet(page, { rpcUrl: `http://127.0.0.1:${ports.chain}` })
  const { signer } = await injectSolanaWallet(page)
  await page.goto('/')
  await connectSolana(page, signer.address)

  // The dev EVM chain: no EVM account yet, so the switch is confirmed (SwitchActiveChain), the
  // wallets are offered, and, closed, the button offers to connect one.
  await page.getByTestId('network-switcher').click()
  await dialog(page).getByTestId('network-eip155:31337').click()
  await dialog(page).getByTestId('switch-active-chain').click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Connect')
  await page.keyboard.press('Escape')
  await expect(connectButton(page)).toHaveAttribute('data-state', 'disconnected')
  await connectWithMouse(page)
  await expect(connectButton(page)).toContainText('0xf3…b92266')
  await expect(page.locator('[data-testid="activity-row"]').first()).toBeVisible()
  expect(await page.getByTestId('activity-row').first().getAttribute('data-tx-hash')).toMatch(/^0x/)

  // Back to Solana: its connection is still there, with its own history.
  await page.getByTestId('network-switcher').click()
  await dialog(page).getByTestId(`network-${LOCAL_CLUSTER_CAIP2}`).click()
  await expect(connectButton(page)).toContainText(short(signer.address))
  await expect(page.locator('[data-testid="activity-row"]').first()).toBeVisible()
  expect(await page.getByTestId('activity-row').first().getAttribute('data-tx-hash')).not.toMatch(
    /^0x/,
  )

  // And to EVM again, without asking any wallet.
  await page.getByTestId('network-switcher').click()
  await dialog(page).getByTestId('network-eip155:31337').click()
  await expect(connectButton(page)).toContainText('0xf3…b92266')
})

test.describe('an email user', () => {
  test("picks Solana and has the same sign-in's Solana account: it sends through the approval view and reconnects after a reload", async ({
    page,
  }) => {
    test.setTimeout(150_000)
    const email = `solana-${Date.now()}@example.com`
    await page.goto('/')
    await connectButton(page).click()
    await startEmailSignInInModal(page, email)
    await typeCodeInFrame(page, (await readCode(email)).code)
    await expect(dialog(page)).toBeHidden({ timeout: 30_000 })
    await expect(connectButton(page)).toContainText('0x')

    // A Solana network: the session follows without a prompt, as the user's Solana account.
    await page.getByTestId('network-switcher').click()
    await dialog(page).getByTestId(`network-${LOCAL_CLUSTER_CAIP2}`).click()
    await expect(dialog(page)).toBeHidden({ timeout: 30_000 })
    const owner = (await page.evaluate(
      () =>
        (
          window as unknown as {
            __latchDev: { auth: { getUser(): { address: string } | undefined } }
          }
        ).__latchDev.auth.getUser()?.address,
    )) as string
    expect(owner).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    await expect(connectButton(page)).toContainText(short(owner))

    // Funded from a dev account; the account view shows the SOL.
    const rpc = createSolanaRpc(solanaRpcUrl)
    const friend = await devSigner('friend')
    const { getTransferSolInstruction } = await import('@solana-program/system')
    await submitViaRpc(friend, [
      getTransferSolInstruction({
        source: friend,
        destination: owner as Address,
        amount: 50_000_000n,
      }),
    ])

    const shop = (await devSigner('shop')).address
    const before = (await rpc.getBalance(shop).send()).value
    const { hash } = await send(page, 'SOL', '0.01', shop, async () => {
      await expect(approvalView(page)).toContainText(`Send 0.01 SOL to ${shop}`)
      await approvalView(page).getByTestId('approve').click()
    })
    expect((await rpc.getBalance(shop).send()).value).toBe(before + 10_000_000n)
    await expect(page.locator(`[data-testid="activity-row"][data-tx-hash="${hash}"]`)).toBeVisible({
      timeout: 30_000,
    })

    // A reload: the frame's session brings the Solana account back without a prompt.
    await page.reload()
    await expect(connectButton(page)).toContainText(short(owner), { timeout: 30_000 })
    await expect(page.locator(`[data-testid="activity-row"][data-tx-hash="${hash}"]`)).toBeVisible({
      timeout: 30_000,
    })
  })
})
