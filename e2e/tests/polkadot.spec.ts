import '@polkadot/api-augment'
import { expect, type Page, test } from '@playwright/test'
import { ApiPromise, WsProvider } from '@polkadot/api'
import { u8aToHex } from '@polkadot/util'
import { decodeAddress } from '@polkadot/util-crypto'
import {
  createPolkadotTestSigner,
  installPolkadotTestExtension,
  type PolkadotTestSigner,
} from '../../packages/core/src/testing/polkadotWallet.js'
import { ports } from '../playwright.config.js'
import { connectButton, dialog, scrollToEnd } from '../support/app.js'
import { expectedMonthHeaders } from '../support/chainHistory.js'
import { injectTestWallet, TEST_WALLET_INFO } from '../support/wallet.js'

// The dev Polkadot chain (chopsticks, a real runtime, docs/polkadot-node.md) on the e2e port set,
// and a test extension on window.injectedWeb3 whose sr25519 keys (//Alice, //Bob of the dev
// phrase) stay in Node. The visitor lets the site see Bob; tests share him, so they run in order.
test.use({ timezoneId: 'UTC', viewport: { width: 1280, height: 720 } })
test.describe.configure({ mode: 'serial' })

const offset = Number(process.env.LATCH_E2E_PORT_OFFSET ?? 0)
const CHAIN_URL = `ws://127.0.0.1:${18003 + offset}`
const CAIP2 = 'polkadot:45454545454545454545454545454545'
const ALICE = 'HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F'
const BOB = 'FoQJpPyadYccjavVdTWxpxU7rUEaYhfLCPwXgkfD6Zat9QP'
const DAVE = 'DfnTB4z7eUvYRqcGtTpFsLC69o6tvBSC1pEv8vWPZFtCkaK'
const EXTENSION = 'Talisman'
const short = (address: string) => `${address.slice(0, 4)}…${address.slice(-6)}`

let api: ApiPromise

test.beforeAll(async () => {
  test.setTimeout(240_000)
  // npm start awaits the chain last: on a new day its seed takes a minute after the web app is up.
  await expect
    .poll(
      async () => {
        const answer = await fetch(CHAIN_URL.replace('ws', 'http'), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'chain_getHeader', params: [] }),
        }).catch(() => undefined)
        const body = (await answer?.json().catch(() => undefined)) as
          | { result?: { number: string } }
          | undefined
        return Number(body?.result?.number ?? 0)
      },
      { timeout: 220_000, intervals: [1_000] },
    )
    .toBeGreaterThanOrEqual(17)
  api = await ApiPromise.create({ provider: new WsProvider(CHAIN_URL), noInitWarn: true })
})

test.afterAll(async () => {
  await api?.disconnect()
})

const free = async (address: string) =>
  (await api.query.system.account(address)).data.free.toBigInt()

const accountIdOf = (address: string) => {
  try {
    return u8aToHex(decodeAddress(address))
  } catch {
    return undefined
  }
}

/** When each block that moved `address`'s funds or was signed by it was made, from the chain. */
async function chainTimes(address: string): Promise<number[]> {
  const head = (await api.rpc.chain.getHeader()).number.toNumber()
  const id = accountIdOf(address)
  const times: number[] = []
  for (let n = 1; n <= head; n++) {
    const { block } = await api.rpc.chain.getBlock(await api.rpc.chain.getBlockHash(n))
    let at = 0
    let touches = false
    for (const ext of block.extrinsics) {
      const { section, method } = ext.method
      if (section === 'timestamp' && method === 'set') at = Number(ext.method.args[0]?.toString())
      // Signer and receiver are MultiAddresses: compared by the account id their text spells.
      if (ext.isSigned && accountIdOf(ext.signer.toString()) === id) touches = true
      if (section === 'balances' && accountIdOf(String(ext.method.args[0])) === id) touches = true
    }
    if (touches) times.push(at)
  }
  return times
}

interface Extension {
  signer: PolkadotTestSigner
  /** Plays the visitor changing, in the extension, which accounts the site sees. */
  grant(page: Page, names: string[]): Promise<void>
}

async function injectExtension(page: Page, granted = ['Bob']): Promise<Extension> {
  const signer = await createPolkadotTestSigner({ chainUrl: CHAIN_URL })
  // By default the visitor ticks Bob, not Alice, when the extension asks what the site may see.
  signer.grant(granted)
  const bridge = '__latchPolkadot'
  await page.exposeFunction(bridge, (request: { method: string; params?: unknown }) =>
    signer.handle(request),
  )
  await page.addInitScript(installPolkadotTestExtension, { bridge, key: 'talisman' })
  page.on('close', () => void signer.close())
  return {
    signer,
    async grant(on, names) {
      signer.grant(names)
      const accounts = signer.granted()
      await on.evaluate(
        ([name, list]) => (window as unknown as Record<string, (a: unknown) => void>)[name]?.(list),
        [`${bridge}Emit`, accounts] as const,
      )
    },
  }
}

async function connectPolkadot(page: Page, address = BOB) {
  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Connect')
  await dialog(page)
    .getByRole('button', { name: new RegExp(EXTENSION) })
    .first()
    .click()
  await expect(dialog(page)).toBeHidden()
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected')
  await expect(connectButton(page)).toContainText(short(address))
}

async function openSend(page: Page, amount: string, to: string) {
  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Account')
  await dialog(page).getByTestId('account-send').click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'WalletSend')
  await expect(dialog(page).getByLabel('Token')).toContainText('ROC')
  await dialog(page).getByLabel('Amount').fill(amount)
  await dialog(page).getByLabel('To', { exact: true }).fill(to)
  await dialog(page).getByRole('button', { name: 'Review send' }).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'WalletSendPreview')
  await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
}

const status = (page: Page) => dialog(page).getByTestId('send-status')

test('connects the extension with the account the visitor picked, shows 15+ months of history, follows an account change and reconnects after a reload', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const extension = await injectExtension(page)
  await page.goto('/')
  await connectPolkadot(page)
  await expect(page.getByTestId('activity-context')).toContainText(BOB)
  await expect(page.getByTestId('activity-context')).toContainText('Polkadot dev chain')

  // Every month Bob's funds moved in, as the chain has it, newest first.
  await expect(page.getByTestId('activity-row').first()).toBeVisible({ timeout: 60_000 })
  await scrollToEnd(page)
  const headers = await page.getByTestId('activity-month').allTextContents()
  const times = await chainTimes(BOB)
  expect(headers).toEqual(expectedMonthHeaders(times.map((minedAt) => ({ minedAt })) as never))
  expect(headers.length).toBeGreaterThanOrEqual(15)

  // The visitor switches the site to Alice in the extension: the page follows.
  await extension.grant(page, ['Alice'])
  await expect(connectButton(page)).toContainText(short(ALICE))
  await extension.grant(page, ['Bob'])
  await expect(connectButton(page)).toContainText(short(BOB))

  // A reload: the extension lets the site in again without a prompt.
  const enables = extension.signer.requests.filter((r) => r === 'enable').length
  extension.signer.setBehaviour({ reject: ['enable'] })
  await page.reload()
  await expect(connectButton(page)).toHaveAttribute('data-state', 'connected', { timeout: 30_000 })
  await expect(connectButton(page)).toContainText(short(BOB))
  expect(extension.signer.requests.filter((r) => r === 'enable').length).toBe(enables + 1)
})

test('signs in: the server verifies the CAIP-122 signature; and signs a message the account verifiably signed', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const extension = await injectExtension(page)
  // Sign in with Polkadot: the server checks the sr25519 signature of <Bytes>message</Bytes>.
  await page.goto('/?siwx=required')
  await connectButton(page).click()
  await dialog(page)
    .getByRole('button', { name: new RegExp(EXTENSION) })
    .first()
    .click()
  // Connected without a session: the sign-in view opens by itself.
  await expect(dialog(page)).toHaveAttribute('data-view', 'SIWXSignMessage')
  await dialog(page).getByRole('button', { name: 'Sign in' }).click()
  await expect(dialog(page)).toBeHidden({ timeout: 30_000 })
  await expect(page.getByTestId('siwx-status')).toContainText('Signed in with your wallet until')
  const tokens = await page.evaluate(() => localStorage.getItem('@latch/siwxTokens'))
  expect(tokens).toContain(`${CAIP2}:${BOB}`)
  expect(extension.signer.requests).toContain('signRaw')

  // The sign panel: the page checks the signature with the adapter's verifier.
  await page.getByRole('button', { name: 'Sign a message' }).click()
  await page.getByRole('button', { name: 'Sign with your wallet' }).click()
  await expect(page.getByTestId('signature-check')).toHaveText('✓ Verified: signed by this account')
})

test('sends 1.5 ROC to another account: finalized, exactly the amount arrives, and the transfer shows in the list', async ({
  page,
}) => {
  test.setTimeout(150_000)
  await injectExtension(page)
  await page.goto('/')
  await connectPolkadot(page)
  const before = { bob: await free(BOB), dave: await free(DAVE) }
  await openSend(page, '1.5', DAVE)
  await expect(status(page)).toHaveAttribute('data-status', 'confirmed', { timeout: 60_000 })
  const hash = (await dialog(page).getByTestId('send-hash').getAttribute('data-hash')) as string
  expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
  expect((await free(DAVE)) - before.dave).toBe(1_500_000_000_000n)
  const paid = before.bob - (await free(BOB))
  expect(paid).toBeGreaterThan(1_500_000_000_000n)

  await dialog(page).getByRole('button', { name: 'Done' }).click()
  await expect(dialog(page)).toBeHidden()
  await expect(page.locator(`[data-testid="activity-row"][data-tx-hash="${hash}"]`)).toBeVisible({
    timeout: 60_000,
  })
})

test('refuses a send that would take the account below the existential deposit, with the reason; nothing is signed', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const extension = await injectExtension(page)
  await page.goto('/')
  await connectPolkadot(page)
  const before = await free(BOB)
  // The whole balance: the fee and the deposit could not stay.
  const whole = `${before / 10n ** 12n}.${(before % 10n ** 12n).toString().padStart(12, '0')}`
  await openSend(page, whole.replace(/\.?0+$/, ''), DAVE)
  await expect(status(page)).toHaveAttribute('data-status', 'error', { timeout: 30_000 })
  await expect(status(page)).toContainText('existential deposit')
  expect(extension.signer.requests).not.toContain('signPayload')
  expect(await free(BOB)).toBe(before)
})

test('the visitor shares Alice and Bob and picks Bob in the modal; then switches to an EVM connection and back', async ({
  page,
}) => {
  test.setTimeout(150_000)
  // The EVM test wallet only connects and reads here (no transaction): this spec runs in the
  // 'no-chain' lane, beside the chain lane's specs that send from the dev EVM accounts.
  await injectTestWallet(page, { rpcUrl: `http://127.0.0.1:${ports.chain}` })
  const extension = await injectExtension(page, ['Alice', 'Bob'])
  await page.goto('/')
  // The extension's first shared account is the active one after connecting.
  await connectPolkadot(page, ALICE)

  // The picker: each account's name, short address in the dev chain's prefix (2) and key type.
  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Account')
  await dialog(page).getByRole('button', { name: 'Switch account (2)' }).click()
  const items = dialog(page).getByTestId('account-picker-item')
  await expect(items).toHaveCount(2)
  await expect(items.nth(0)).toContainText(`Alice ${short(ALICE)}`)
  await expect(items.nth(0)).toContainText('sr25519')
  await expect(items.nth(0)).toHaveAttribute('aria-current', 'true')
  await expect(items.nth(1)).toContainText(`Bob ${short(BOB)}`)
  await expect(items.nth(1)).toContainText('sr25519')
  const asked = extension.signer.requests.length
  await items.nth(1).click()
  await expect(dialog(page).getByTestId('account-name')).toHaveText(short(BOB))
  await expect(connectButton(page)).toContainText(short(BOB))
  await expect(page.getByTestId('activity-context')).toContainText(BOB)
  await expect(page.getByTestId('activity-row').first()).toBeVisible({ timeout: 60_000 })
  // A pick among the accounts the site already sees asks the extension nothing.
  expect(extension.signer.requests.slice(asked)).toEqual([])
  await page.keyboard.press('Escape')
  await expect(dialog(page)).toBeHidden()

  // To EVM: nothing connected there yet, so the switch is confirmed and the wallets offered.
  await page.getByTestId('network-switcher').click()
  await dialog(page).getByTestId('network-eip155:31337').click()
  await dialog(page).getByRole('button', { name: 'Switch', exact: true }).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Connect')
  await page.getByTestId(`wallet-${TEST_WALLET_INFO.rdns}`).click()
  await expect(dialog(page)).toBeHidden()
  await expect(connectButton(page)).toContainText('0xf3…b92266')

  // Back to Polkadot: the connection is still there with the picked account; nothing is asked.
  const before = extension.signer.requests.length
  await page.getByTestId('network-switcher').click()
  await dialog(page).getByTestId(`network-${CAIP2}`).click()
  await expect(connectButton(page)).toContainText(short(BOB))
  await expect(page.getByTestId('activity-context')).toContainText(BOB)
  expect(extension.signer.requests.slice(before).filter((r) => r === 'enable')).toEqual([])

  // And to EVM again: its connection stayed too.
  await page.getByTestId('network-switcher').click()
  await dialog(page).getByTestId('network-eip155:31337').click()
  await expect(connectButton(page)).toContainText('0xf3…b92266')
})
