/** Polls until `check` resolves true; used to print URLs only once each part answers. */
export async function waitFor(
  label: string,
  check: () => Promise<boolean>,
  { timeoutMs = 30_000, intervalMs = 150 } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return
    await new Promise((r) => setTimeout(r, intervalMs))
  }
  throw new Error(`${label} did not answer within ${timeoutMs / 1000} s`)
}

export async function answersHttp(url: string): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(2000) })
  return response.ok
}
