/**
 * Tests and dev wallets run the WalletConnect SDK in Node, where it would ask WalletConnect's
 * hosted Verify service about a dapp that published no attestation. Nothing here may leave
 * loopback: this fetch refuses every other host at once (the SDK treats that as "unverified"),
 * and keeps the refused addresses so a test can say what was attempted.
 */
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])

export function refuseFetchBeyondLoopback(): { refused: string[]; restore(): void } {
  const original = globalThis.fetch
  const refused: string[] = []
  globalThis.fetch = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    if (!LOOPBACK.has(url.hostname)) {
      refused.push(`${url.origin}${url.pathname}`)
      throw new TypeError(`refused: ${url.origin} is beyond loopback`)
    }
    return original(input, init)
  }) as typeof fetch
  return {
    refused,
    restore() {
      globalThis.fetch = original
    },
  }
}
