import path from 'node:path'
import { expect, test } from '@playwright/test'
import { devProjectId } from '../playwright.config.js'
import {
  frameClientBundle,
  frameUrl,
  serverUrl,
  withoutLocalNetworkAccessChecks,
} from '../support/embedded.js'

// A dapp whose domain is not on its project's allow-list: the browser never renders the frame
// (frame-ancestors), so the frame can say nothing. The page's frame client asks the server the
// frame's own question and raises 'unverified_domain' at once, in words the developer can act on
// (docs/behaviour.md#errors), rather than 'iframe_load_failed' after the load timeout.
test.use(withoutLocalNetworkAccessChecks())

const unlisted = 'http://unlisted-dapp.test'

const pageHtml = (
  readyTimeoutMs: number,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Unlisted dapp</title></head><body><h1>Unlisted dapp</h1><output data-testid="alert"></output>
<script type="module">
  import { createEmbeddedWallet } from '/__e2e/frame-client.js';
  window.alerts = [];
  const wallet = createEmbeddedWallet({
    frameUrl: ${JSON.stringify(frameUrl)},
    projectId: ${JSON.stringify(devProjectId)},
    chainId: 'eip155:31337',
    version: 'e2e',
    enableLogger: false,
    rpcUrl: ${JSON.stringify(serverUrl)},
    timings: { readyTimeoutMs: ${readyTimeoutMs} },
    onAlert: (code, message) => {
      window.alerts.push({ code, message });
      document.querySelector('[data-testid=alert]').textContent = message;
    },
  });
  window.readyOutcome = wallet.ready().then(() => 'ready', (e) => e.name + ': ' + e.message);
</script></body></html>`

test('an unlisted dapp origin gets the unverified-domain alert at once, not the load timeout', async ({
  page,
}) => {
  const files = await frameClientBundle()
  await page.route(`${unlisted}/__e2e/*.js`, (route) => {
    const body = files.get(path.basename(new URL(route.request().url()).pathname))
    return body === undefined
      ? route.fulfill({ status: 404 })
      : route.fulfill({ contentType: 'text/javascript', body })
  })
  // The load timeout is set far beyond the test's own: only the server's answer can end the wait.
  await page.route(`${unlisted}/`, (route) =>
    route.fulfill({ contentType: 'text/html', body: pageHtml(3_600_000) }),
  )
  await page.goto(`${unlisted}/`)
  await expect(page.getByTestId('alert')).toHaveText(/not on the project's allowed list/)
  const outcome = await page.evaluate(
    () => (window as unknown as { readyOutcome: Promise<string> }).readyOutcome,
  )
  expect(outcome).toMatch(/^FrameOriginNotAllowedError: The embedded wallet cannot load/)
  const alerts = await page.evaluate(() => (window as unknown as { alerts: unknown[] }).alerts)
  expect(alerts).toEqual([{ code: 'unverified_domain', message: expect.any(String) }])
  // The browser kept the frame app out of the unlisted page.
  await expect(page.frameLocator('iframe').locator('#frame-root')).toHaveCount(0)
})
