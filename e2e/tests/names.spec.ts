import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { createPublicClient, formatEther, http } from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { ports, webUrl } from '../playwright.config.js'
import { connectButton, connectWithMouse, dialog } from '../support/app.js'
import { type InjectedWallet, injectTestWallet } from '../support/wallet.js'

// Account names against the e2e stack's registry, with the injected test wallet on dev account 2
// (no other spec uses it): the rules as the visitor types, a taken name and its alternatives, a
// declined signature, the registration, the name in the header after a reload, and a send to a
// name. Serial: each test builds on the name the one before registered.
test.describe.configure({ mode: 'serial' })

const rpcUrl = `http://127.0.0.1:${ports.chain}`
const serverUrl = `http://127.0.0.1:${ports.server}`
const MNEMONIC = 'test test test test test test test test test test test junk'
const owner = mnemonicToAccount(MNEMONIC, { addressIndex: 2 })
// Another person, who registered the name the visitor wants first; a fresh key, so its balance
// is what this spec sent it.
const other = privateKeyToAccount(`0x${'5eed'.padStart(64, '0')}`)
const chain = createPublicClient({ chain: foundry, transport: http(rpcUrl) })
const run = Date.now().toString(36)
const wanted = `e2e-${run}`

let page: Page
let wallet: InjectedWallet
let projectId = ''

/** Registers a name for `other` through the server's own route, as another page would. */
async function registerForOther(label: string) {
  const message = JSON.stringify({
    name: `${label}.latch.id`,
    attributes: {},
    timestamp: Math.floor(Date.now() / 1000),
  })
  const response = await fetch(`${serverUrl}/v1/profile/account?projectId=${projectId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: webUrl },
    body: JSON.stringify({
      coin_type: (0x80000000 | foundry.id) >>> 0,
      address: other.address,
      message,
      signature: await other.signMessage({ message }),
    }),
  })
  expect(response.status, await response.text()).toBe(201)
}

async function axe(name: string) {
  const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze()
  expect(
    results.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')) })),
    name,
  ).toEqual([])
}

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext()).newPage()
  wallet = await injectTestWallet(page, { rpcUrl, accountIndex: 2 })
  const scoped = page.waitForRequest((r) => new URL(r.url()).searchParams.has('projectId'))
  await page.goto('/')
  projectId = new URL((await scoped).url()).searchParams.get('projectId') ?? ''
  expect(projectId).not.toBe('')
  await registerForOther(wanted)
  await connectWithMouse(page)
})
test.afterAll(() => page.context().close())

test('the form checks the rules as you type, and offers free names for a taken one', async () => {
  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Account')
  await dialog(page).getByTestId('account-choose-name').click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'RegisterAccountName')
  const field = dialog(page).getByLabel('Name', { exact: true })
  const status = dialog(page).getByTestId('name-availability')
  const register = dialog(page).getByRole('button', { name: 'Register' })

  await field.fill('abc')
  await expect(status).toHaveText('A name needs at least 4 characters.')
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(register).toBeDisabled()
  await field.fill('no_underscores')
  await expect(status).toHaveText('Use only letters, digits and hyphens.')

  await field.fill(wanted)
  await expect(status).toHaveText(`${wanted}.latch.id is taken`)
  await expect(register).toBeDisabled()
  const alternative = dialog(page).getByRole('button', { name: `${wanted}1.latch.id` })
  await expect(alternative).toBeVisible()
  await axe('a taken name with alternatives')
  await alternative.click()
  await expect(field).toHaveValue(`${wanted}1`)
  await expect(status).toHaveText(`${wanted}1.latch.id is available`)
  await expect(register).toBeEnabled()
})

test('a name taken between the check and the signature is refused, and checked again', async () => {
  const field = dialog(page).getByLabel('Name', { exact: true })
  const status = dialog(page).getByTestId('name-availability')
  await field.fill(`${wanted}-late`)
  await expect(status).toHaveText(`${wanted}-late.latch.id is available`)
  await registerForOther(`${wanted}-late`)
  await dialog(page).getByRole('button', { name: 'Register' }).click()
  await expect(dialog(page).getByRole('alert')).toHaveText(
    `${wanted}-late.latch.id is already registered.`,
  )
  await expect(status).toHaveText(`${wanted}-late.latch.id is taken`)
  await expect(dialog(page).getByRole('button', { name: 'Register' })).toBeDisabled()
  await field.fill(`${wanted}1`)
  await expect(status).toHaveText(`${wanted}1.latch.id is available`)
})

test('a declined signature registers nothing and says so', async () => {
  wallet.behaviour.rejectSign = true
  await dialog(page).getByRole('button', { name: 'Register' }).click()
  await expect(dialog(page).getByRole('alert')).toHaveText(
    'You declined the signature in your wallet.',
  )
  await expect(dialog(page)).toHaveAttribute('data-view', 'RegisterAccountName')
  const lookup = await fetch(
    `${serverUrl}/v1/profile/account/${wanted}1.latch.id?projectId=${projectId}`,
    { headers: { origin: webUrl } },
  )
  expect(lookup.status).toBe(404)
})

test('registers the name with a signature; the header shows it, after a reload too', async () => {
  const release = wallet.hold('personal_sign')
  await dialog(page).getByRole('button', { name: 'Register' }).click()
  await expect(dialog(page).getByRole('button', { name: 'Confirm in your wallet…' })).toBeDisabled()
  release()
  await expect(dialog(page)).toHaveAttribute('data-view', 'RegisterAccountNameSuccess')
  await expect(dialog(page).getByTestId('registered-name')).toHaveText(
    `${wanted}1.latch.id is yours`,
  )
  await axe('registration success')
  // The registry holds it for this account, signed by it.
  const record = (await (
    await fetch(`${serverUrl}/v1/profile/account/${wanted}1.latch.id?projectId=${projectId}`, {
      headers: { origin: webUrl },
    })
  ).json()) as { addresses: Record<string, { address: string }> }
  expect(Object.values(record.addresses).map((a) => a.address)).toEqual([
    owner.address.toLowerCase(),
  ])

  await dialog(page).getByRole('button', { name: 'Done' }).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Account')
  await expect(dialog(page).getByTestId('account-name')).toHaveText(`${wanted}1.latch.id`)
  await expect(dialog(page).getByTestId('account-choose-name')).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(connectButton(page)).toContainText(`${wanted}1.latch.id`)

  await page.reload()
  await expect(connectButton(page)).toContainText(`${wanted}1.latch.id`)
})

test('sends to a name: the form resolves it, the review shows whose address it is', async () => {
  const before = await chain.getBalance({ address: other.address })
  await connectButton(page).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'Account')
  await dialog(page).getByTestId('account-send').click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'WalletSend')
  await dialog(page).getByLabel('Amount').fill('0.25')
  const to = dialog(page).getByLabel('To', { exact: true })

  await to.fill('nobody-has-this.latch.id')
  await expect(dialog(page).getByTestId('send-receiver-name')).toHaveText(
    'nobody-has-this.latch.id is not registered.',
  )
  await dialog(page).getByRole('button', { name: 'Review send' }).click()
  await expect(dialog(page).getByRole('alert')).toHaveText(
    'nobody-has-this.latch.id is not registered.',
  )

  await to.fill(`${wanted}.latch.id`)
  await expect(dialog(page).getByTestId('send-receiver-name')).toHaveText(
    `${wanted}.latch.id is ${other.address}`,
  )
  await dialog(page).getByRole('button', { name: 'Review send' }).click()
  await expect(dialog(page)).toHaveAttribute('data-view', 'WalletSendPreview')
  await expect(dialog(page).getByTestId('review-receiver-name')).toHaveText(`${wanted}.latch.id`)
  await expect(dialog(page).getByTestId('review-receiver')).toContainText(other.address)
  await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
  await expect(dialog(page).getByTestId('send-status')).toHaveAttribute(
    'data-status',
    'confirmed',
    { timeout: 30_000 },
  )
  const after = await chain.getBalance({ address: other.address })
  expect(formatEther(after - before)).toBe('0.25')
})
