import { ProviderError } from '../chains/eip155/providers/types.js'

export interface GetJsonOptions {
  fetch?: typeof fetch | undefined
  /** The error every failure becomes; the status is set when the upstream answered one. */
  fail?: ((message: string, status?: number) => Error) | undefined
}

/**
 * GET a JSON document from an upstream API (a hosted explorer, the wallet Explorer). Every way
 * it can go wrong (unreachable, timeout, HTTP error, a body that is not JSON) becomes one error
 * type, by default a ProviderError, which the history route answers with 502.
 */
export async function getJson(
  label: string,
  url: URL,
  options: GetJsonOptions = {},
): Promise<unknown> {
  const fail = options.fail ?? ((message: string) => new ProviderError(message))
  let response: Response
  try {
    response = await (options.fetch ?? fetch)(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    })
  } catch (error) {
    throw fail(`${label} could not be reached (${(error as Error).message})`)
  }
  const text = await response.text().catch(() => {
    throw fail(`${label} answer was cut off`)
  })
  if (!response.ok) {
    // Explorers put the reason in a JSON `message` (Blockscout) or `result` (Etherscan) field.
    let reason = ''
    try {
      const body = JSON.parse(text) as unknown
      const detail = isObject(body) ? (body.message ?? body.result) : undefined
      if (typeof detail === 'string' && detail) reason = `: ${detail.slice(0, 200)}`
    } catch {}
    throw fail(`${label} answered HTTP ${response.status}${reason}`, response.status)
  }
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw fail(`${label} answered with malformed JSON`)
  }
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Runs the mapping of an explorer's answer. Rows that parse as JSON but not as the documented
 * shape (a missing object, a number that is not one) make BigInt or property access throw; that
 * is the explorer's fault, so it becomes a ProviderError rather than a 500.
 */
export async function mapUpstream<T>(label: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof ProviderError) throw error
    if (error instanceof SyntaxError || error instanceof TypeError || error instanceof RangeError)
      throw new ProviderError(`${label} answered rows of an unexpected shape (${error.message})`)
    throw error
  }
}
