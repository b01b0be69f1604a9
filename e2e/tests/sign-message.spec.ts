import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { type Hex, verifyMessage } from 'viem'
import { ports } from '../playwright.config.js'
import { connectWithMouse } from '../support/app.js'
import { injectTestWallet } from '../support/wallet.js'

const rpcUrl = `http://127.0.0.1:${ports.chain}`
const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

for (const theme of ['light', 'dark'] as const) {
  test(`signs a message with the connected wallet and verifies it (${theme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme })
    const wallet = await injectTestWallet(page, { rpcUrl })
    await page.goto('/')
    await connectWithMouse(page)

    await page.getByRole('button', { name: 'Sign a message' }).click()
    const message = `Order #42 for ${theme}\nsecond line, ünïcode ✓`
    await page.getByRole('textbox', { name: 'Message' }).fill(message)
    // The wallet holds the request, as a person reading it would: the form says so meanwhile.
    const release = wallet.hold('personal_sign')
    await page.getByRole('button', { name: 'Sign with your wallet' }).click()
    await expect(page.getByRole('button', { name: 'Confirm in your wallet…' })).toBeDisabled()
    release()

    await expect(page.getByTestId('signature-check')).toHaveText(
      '✓ Verified: signed by this account',
    )
    const signature = (await page.getByTestId('signature').textContent()) as Hex
    // Checked here too, independently of the page.
    expect(await verifyMessage({ address: ACCOUNT_0, message, signature })).toBe(true)
    expect(await verifyMessage({ address: ACCOUNT_0, message: `${message}.`, signature })).toBe(
      false,
    )

    const results = await new AxeBuilder({ page }).include('.app-sign').analyze()
    expect(results.violations.map((v) => v.id)).toEqual([])
  })
}
