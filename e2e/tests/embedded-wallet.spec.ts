import { expect, type Page, test } from '@playwright/test'
import {
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  isHex,
  parseEther,
  toHex,
  verifyMessage,
} from 'viem'
import { english, mnemonicToAccount, privateKeyToAddress } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { LOCAL_CLUSTER_CAIP2 } from '../../scripts/solana/ledger.js'
import { ports, solanaRpcUrl, webUrl } from '../playwright.config.js'
import {
  approvalView,
  frameUrl,
  openHarness,
  projectIdOf,
  serverUrl,
  withoutLocalNetworkAccessChecks,
} from '../support/embedded.js'
import {
  approveDeviceByLink,
  emailCodeView,
  signInStatus,
  typeCodeInFrame,
} from '../support/frameSignIn.js'
import { settleEmailSignIn, startEmailSignIn } from '../support/hostile/session.js'
import { latestCode, readApprovalLink, readCode } from '../support/mailbox.js'
import { submitViaRpc } from '../support/solanaCluster.js'

// Sign-in through the secure frame, signing and sending on anvil, and the frame's boundaries.
// Serial: one user signs in once and later tests reuse the session (that is the reload test).
test.describe.configure({ mode: 'serial' })

test.use(withoutLocalNetworkAccessChecks())

const chain = createPublicClient({
  chain: foundry,
  transport: http(`http://127.0.0.1:${ports.chain}`),
})
const email = `e2e-${Date.now()}@example.com`
let projectId: string
let address: Hex

type Latch = {
  getUser(p: { chainId: string }): Promise<{ address: string; email?: string | null }>
  isConnected(): Promise<boolean>
  request(args: { method: string; params?: unknown }): Promise<unknown>
}
type PageWindow = { latch: Latch; pending?: Promise<unknown>; __received: unknown[] }

/** Calls `window.latch[name](...args)` in the page; failures come back as { error }. */
function call<name extends keyof Latch>(page: Page, name: name, ...args: Parameters<Latch[name]>) {
  return page.evaluate(
    async ({ name, args }) => {
      const latch = (window as unknown as PageWindow).latch as unknown as Record<
        string,
        (...a: unknown[]) => Promise<unknown>
      >
      try {
        return { value: await latch[name]!(...args) }
      } catch (error) {
        const e = error as { message: string; code?: number }
        return { error: { message: e.message, code: e.code } }
      }
    },
    { name: name as string, args: args as unknown[] },
  ) as Promise<{
    value?: Awaited<ReturnType<Latch[name]>>
    error?: { message: string; code?: number }
  }>
}

/** Starts an RPC request in the page without waiting; `settle` awaits it later. */
async function startRequest(page: Page, args: { method: string; params?: unknown }) {
  await page.evaluate((a) => {
    const w = window as unknown as PageWindow
    w.pending = w.latch.request(a).then(
      (value) => ({ value }),
      (e: { message: string; code?: number }) => ({ error: { message: e.message, code: e.code } }),
    )
  }, args)
}
const settle = (page: Page) =>
  page.evaluate(() => (window as unknown as PageWindow).pending) as Promise<{
    value?: unknown
    error?: { message: string; code?: number }
  }>

const approval = approvalView

// One browser context for the whole file: it is the user's one device, whose frame storage
// holds the session and the device share from test to test.
let page: Page
test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext()).newPage()
  projectId = await projectIdOf(page)
})
test.afterAll(() => page.context().close())

test('signs in by email with the code typed in the frame; the address shows', async () => {
  await openHarness(page, projectId)
  await startEmailSignIn(page, email)
  await expect(emailCodeView(page)).toContainText(email)
  // The code is asked for in the frame's window only; connectEmail resolves once signed in.
  const { code } = await readCode(email)
  await typeCodeInFrame(page, code)
  expect(await settleEmailSignIn(page)).toEqual({ value: undefined })
  await expect(emailCodeView(page)).toHaveCount(0)
  const user = await call(page, 'getUser', { chainId: 'eip155:31337' })
  expect(user.value?.email).toBe(email)
  expect(user.value?.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  address = user.value!.address as Hex
  await page.evaluate((a) => {
    document.querySelector('[data-testid="address"]')!.textContent = a
  }, address)
  await expect(page.getByTestId('address')).toHaveText(address)
  // No message the page received carried the code.
  const received = await page.evaluate(() => (window as unknown as PageWindow).__received)
  expect(JSON.stringify(received)).not.toContain(code)
})

test('signs a message in the frame approval UI; viem verifies it', async () => {
  await openHarness(page, projectId)
  await startRequest(page, { method: 'personal_sign', params: [toHex('hello from e2e'), address] })
  await expect(approval(page)).toBeVisible()
  await expect(approval(page)).toContainText('hello from e2e')
  await approval(page).getByTestId('approve').click()
  const signed = await settle(page)
  expect(signed.error).toBeUndefined()
  expect(
    await verifyMessage({ address, message: 'hello from e2e', signature: signed.value as Hex }),
  ).toBe(true)
  await expect(page.locator('iframe[data-latch-frame]')).toBeHidden()
})

test('sends 0.01 ETH on anvil', async () => {
  const funder = createWalletClient({
    account: mnemonicToAccount('test test test test test test test test test test test junk', {
      addressIndex: 9,
    }),
    chain: foundry,
    transport: http(`http://127.0.0.1:${ports.chain}`),
  })
  await chain.waitForTransactionReceipt({
    hash: await funder.sendTransaction({ to: address, value: parseEther('1') }),
  })
  const recipient = '0x000000000000000000000000000000000000bEEF'
  const before = await chain.getBalance({ address: recipient })

  await openHarness(page, projectId)
  await startRequest(page, {
    method: 'eth_sendTransaction',
    params: [{ from: address, to: recipient, value: toHex(parseEther('0.01')) }],
  })
  await expect(approval(page)).toContainText('0.01 ETH')
  await approval(page).getByTestId('approve').click()
  const sent = await settle(page)
  expect(sent.error).toBeUndefined()
  const receipt = await chain.waitForTransactionReceipt({ hash: sent.value as Hex })
  expect(receipt.status).toBe('success')
  expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
  expect((await chain.getBalance({ address: recipient })) - before).toBe(parseEther('0.01'))

  // The server's indexer lists it in the sender's activity (the history the activity list reads).
  await expect
    .poll(
      async () => {
        const res = await fetch(
          `${serverUrl}/v1/account/${address}/history?chainId=eip155:31337&projectId=${projectId}`,
        )
        const body = (await res.json()) as {
          data?: { metadata: { hash: string; operationType: string } }[]
        }
        return body.data?.find((tx) => tx.metadata.hash === sent.value)?.metadata.operationType
      },
      { timeout: 20_000 },
    )
    .toBe('send')
})

test('a rejection in the approval UI reaches the app as user-rejected (4001)', async () => {
  await openHarness(page, projectId)
  await startRequest(page, { method: 'personal_sign', params: [toHex('do not sign'), address] })
  // Wait for this request's own view before turning it down (as email-login.spec.ts does).
  await expect(approval(page)).toContainText('do not sign')
  await approval(page).getByTestId('reject').click()
  expect((await settle(page)).error).toEqual({ message: 'User rejected the request.', code: 4001 })
})

test("a method off the allow-list is refused: 'Requested RPC call is not allowed'", async () => {
  await openHarness(page, projectId)
  const res = await call(page, 'request', { method: 'eth_sign', params: [] })
  expect(res.error?.message).toBe('Requested RPC call is not allowed')
  const read = await call(page, 'request', { method: 'eth_blockNumber' })
  expect(isHex(read.value)).toBe(true)
})

test('after a reload the user is still signed in', async () => {
  await openHarness(page, projectId)
  await page.reload()
  await page.evaluate(() => (window as unknown as { latchReady: Promise<void> }).latchReady)
  expect((await call(page, 'isConnected')).value).toBe(true)
  expect((await call(page, 'getUser', { chainId: 'eip155:31337' })).value?.address).toBe(address)
})

test('no message the page receives carries key material', async () => {
  await openHarness(page, projectId)
  await call(page, 'getUser', { chainId: 'eip155:31337' })
  await startRequest(page, { method: 'personal_sign', params: [toHex('record me'), address] })
  await approval(page).getByTestId('approve').click()
  await settle(page)
  const received = await page.evaluate(() => (window as unknown as PageWindow).__received)
  expect(received.length).toBeGreaterThan(3)
  const text = JSON.stringify(received)
  expect(text).not.toMatch(/mnemonic|privateKey|entropy|share|seed/i)
  // No 32-byte hex value in any message is the account's private key.
  for (const candidate of text.match(/0x[0-9a-fA-F]{64}(?![0-9a-fA-F])/g) ?? [])
    expect(privateKeyToAddress(candidate as Hex).toLowerCase()).not.toBe(address.toLowerCase())
  // No run of 12 BIP-39 words.
  const words = text.toLowerCase().match(/[a-z]+/g) ?? []
  let run = 0
  for (const word of words) {
    run = english.includes(word) ? run + 1 : 0
    expect(run).toBeLessThan(12)
  }
})

const hostile = 'http://hostile.test/'
/** A page on another origin that embeds the frame and listens for anything it might say. */
const hostileHtml = () => `<!doctype html><title>hostile</title><body><script>
        window.got = [];
        addEventListener('message', (e) => window.got.push({ origin: e.origin, ports: e.ports.length, data: e.data }));
        const f = document.createElement('iframe');
        f.src = ${JSON.stringify(`${frameUrl}?projectId=${projectId}&chainId=eip155:31337`)};
        document.body.appendChild(f);
        f.onload = () => { try { f.contentWindow.postMessage({ type: '@latch-app/GET_USER', id: 'x' }, '*') } catch {} };
      </script>`

test('a hostile page on another origin that embeds the frame gets nothing', async () => {
  await page.route(hostile, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: hostileHtml(),
    }),
  )
  await page.goto(hostile)
  // Give a real frame far longer than it needs to announce itself.
  await page.waitForTimeout(3000)
  expect(await page.evaluate(() => (window as unknown as { got: unknown[] }).got)).toEqual([])
  // frame-ancestors: the iframe is there, but the browser never renders the frame app in it.
  await expect(page.locator('iframe')).toHaveCount(1)
  await expect(page.frameLocator('iframe').locator('#frame-root')).toHaveCount(0)
})

test('without its CSP header the frame still serves no foreign origin', async ({ browser }) => {
  // A host that forgot the frame's headers: the frame renders inside the hostile page, asks the
  // server whether its parent may use the project, is told no, and never announces itself.
  const context = await browser.newContext()
  const hostilePage = await context.newPage()
  try {
    await context.route(`${frameUrl}?*`, async (route) => {
      const response = await route.fetch()
      const headers = { ...response.headers() }
      delete headers['content-security-policy']
      await route.fulfill({ response, headers })
    })
    await hostilePage.route(hostile, (route) =>
      route.fulfill({ contentType: 'text/html', body: hostileHtml() }),
    )
    await hostilePage.goto(hostile)
    const frameRoot = hostilePage.frameLocator('iframe').locator('#frame-root')
    await expect(frameRoot).toHaveText('This app is not allowed to use this wallet.')
    expect(await hostilePage.evaluate(() => (window as unknown as { got: unknown[] }).got)).toEqual(
      [],
    )
  } finally {
    await context.close().catch(() => {})
  }
})

test('a second device verifies itself by the mailed link, then recovers the same wallet', async ({
  browser,
}) => {
  const device = await (await browser.newContext()).newPage()
  try {
    await openHarness(device, projectId)
    const { id: before } = await latestCode(email)
    await startEmailSignIn(device, email)
    // The code stays unsent until the owner approves this device by the mailed link.
    await approveDeviceByLink(device, await readApprovalLink(email), webUrl)
    await expect(signInStatus(device)).toHaveText(
      'This device is approved. A code is on its way.',
      { timeout: 15_000 },
    )
    const { code } = await readCode(email, before)
    await typeCodeInFrame(device, code)
    expect(await settleEmailSignIn(device)).toEqual({ value: undefined })
    const user = await call(device, 'getUser', { chainId: 'eip155:31337' })
    expect(user.value?.address).toBe(address)
  } finally {
    // Teardown only: a trace-artifact hiccup here must not fail a test that passed.
    await device
      .context()
      .close()
      .catch(() => {})
  }
})

test("the same user's Solana account signs a transaction in the approval view; it lands on the local cluster", async () => {
  const solana = await import('@solana/kit')
  const { getTransferSolInstruction } = await import('@solana-program/system')
  const { devSigner } = await import('../../scripts/solana/accounts.js')
  await openHarness(page, projectId)
  const user = await call(page, 'getUser', { chainId: LOCAL_CLUSTER_CAIP2 })
  const owner = user.value?.address as string
  expect(owner).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  // Fund the embedded wallet's Solana account from a dev account, through the cluster's RPC.
  const friend = await devSigner('friend')
  await submitViaRpc(friend, [
    getTransferSolInstruction({
      source: friend,
      destination: owner as never,
      amount: solana.lamports(100_000_000n),
    }),
  ])
  const rpc = solana.createSolanaRpc(solanaRpcUrl)
  const shop = (await devSigner('shop')).address
  const before = (await rpc.getBalance(shop).send()).value
  const { value: lifetime } = await rpc.getLatestBlockhash().send()
  const message = solana.pipe(
    solana.createTransactionMessage({ version: 0 }),
    (m) => solana.setTransactionMessageFeePayerSigner(solana.createNoopSigner(owner as never), m),
    (m) => solana.setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) =>
      solana.appendTransactionMessageInstruction(
        getTransferSolInstruction({
          source: solana.createNoopSigner(owner as never),
          destination: shop,
          amount: solana.lamports(10_000_000n),
        }),
        m,
      ),
  )
  const unsigned = solana
    .getBase58Decoder()
    .decode(solana.getTransactionEncoder().encode(solana.compileTransaction(message)))

  await startRequest(page, { method: 'solana_signTransaction', params: { transaction: unsigned } })
  await expect(approval(page)).toBeVisible()
  await expect(approval(page)).toContainText(`Send 0.01 SOL to ${shop}`)
  await approval(page).getByTestId('approve').click()
  const signed = (await settle(page)) as { value?: { transaction: string; signature: string } }
  expect(signed.value?.signature).toBeTruthy()
  const wire = solana.getBase58Encoder().encode(signed.value?.transaction as string)
  const base64 = Buffer.from(wire).toString('base64')
  const signature = await rpc.sendTransaction(base64 as never, { encoding: 'base64' }).send()
  expect(signature).toBe(signed.value?.signature)
  await expect
    .poll(
      async () => (await rpc.getSignatureStatuses([signature]).send()).value[0]?.confirmationStatus,
    )
    .toBe('finalized')
  expect((await rpc.getBalance(shop).send()).value).toBe(before + 10_000_000n)
  // Back to EVM for whatever runs next on this device.
  await call(page, 'getUser', { chainId: 'eip155:31337' })
})
