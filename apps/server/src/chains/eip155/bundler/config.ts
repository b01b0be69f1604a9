import { z } from 'zod'

/**
 * LATCH_BUNDLER_URLS: the ERC-4337 bundler of each chain the bundler route serves, as
 * comma-separated `eip155:<chain id>=<url>` entries (docs/smart-accounts.md). `npm start` names
 * its dev bundler (alto) for the dev chain; a deployment names any 4337 bundler it uses.
 */
export type BundlerUrls = ReadonlyMap<number, string>

export class BundlerConfigError extends Error {
  override name = 'BundlerConfigError'
}

const ENTRY = /^eip155:([1-9][0-9]{0,15})=(.+)$/

export function parseBundlerUrls(raw: string | undefined): BundlerUrls {
  const urls = new Map<number, string>()
  for (const entry of (raw ?? '').split(',').map((e) => e.trim())) {
    if (entry === '') continue
    const match = ENTRY.exec(entry)
    if (!match)
      throw new BundlerConfigError(
        `"${entry}" is not eip155:<chain id>=<url> (e.g. eip155:31337=http://127.0.0.1:4337)`,
      )
    const chainId = Number(match[1])
    let url: URL
    try {
      url = new URL(match[2] as string)
    } catch {
      throw new BundlerConfigError(`"${match[2]}" (chain ${chainId}) is not a URL`)
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new BundlerConfigError(
        `the bundler of chain ${chainId} must be http(s), not ${url.protocol}`,
      )
    if (url.username || url.password)
      // The URL is logged and shown in errors; a key belongs in the bundler's query or path.
      throw new BundlerConfigError(
        `the bundler URL of chain ${chainId} must not carry a user or password`,
      )
    if (urls.has(chainId)) throw new BundlerConfigError(`chain ${chainId} is named twice`)
    urls.set(chainId, url.toString())
  }
  return urls
}

export const bundlerEnvShape = {
  LATCH_BUNDLER_URLS: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      try {
        parseBundlerUrls(value)
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message })
      }
    }),
}

export const readBundlerUrls = (e: { LATCH_BUNDLER_URLS?: string | undefined }): BundlerUrls =>
  parseBundlerUrls(e.LATCH_BUNDLER_URLS)
