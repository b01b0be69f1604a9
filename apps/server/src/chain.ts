import { createPublicClient, http, type PublicClient } from 'viem'
import { withTimeout } from './timeout.js'

export interface ChainStatus {
  ok: boolean
  rpcUrl: string
  chainId?: number
  blockNumber?: string
  error?: string
}

/** A client that gives up quickly: health checks and probes must not hang on a dead node. */
export function createChainClient(rpcUrl: string, timeoutMs = 2_000): PublicClient {
  return createPublicClient({ transport: http(rpcUrl, { timeout: timeoutMs, retryCount: 0 }) })
}

export function chainRpcUrl(client: PublicClient, fallback: string): string {
  const url = (client.transport as { url?: unknown }).url
  return typeof url === 'string' ? url : fallback
}

/** Asks the node for its chain id and head; a failure is reported, never thrown. */
export async function checkChain(
  client: PublicClient,
  rpcUrl: string,
  timeoutMs = 2_000,
): Promise<ChainStatus> {
  try {
    const [chainId, blockNumber] = await withTimeout(
      Promise.all([client.getChainId(), client.getBlockNumber({ cacheTime: 0 })]),
      timeoutMs,
      'chain node',
    )
    return { ok: true, rpcUrl, chainId, blockNumber: blockNumber.toString() }
  } catch (error) {
    const { shortMessage, details, message } = error as Error & {
      shortMessage?: string
      details?: string
    }
    return {
      ok: false,
      rpcUrl,
      error: shortMessage ? `${shortMessage}${details ? ` (${details})` : ''}` : message,
    }
  }
}

/** Whether a viem failure means the node did not answer (as opposed to answering "no"). */
export function isChainUnreachable(error: unknown): boolean {
  for (let e = error as { name?: string; cause?: unknown } | undefined, i = 0; e && i < 8; i++) {
    if (e.name === 'HttpRequestError' || e.name === 'TimeoutError') return true
    e = e.cause as typeof e
  }
  return false
}

/** One client per configured chain, made on first use; undefined for a chain with no upstream. */
export function chainClients(rpcUrls: ReadonlyMap<number, string>, timeoutMs = 5_000) {
  const clients = new Map<number, PublicClient>()
  return (chainId: number): PublicClient | undefined => {
    const url = rpcUrls.get(chainId)
    if (!url) return undefined
    let client = clients.get(chainId)
    if (!client) {
      client = createPublicClient({
        transport: http(url, { timeout: timeoutMs, retryCount: 1 }),
      }) as PublicClient
      clients.set(chainId, client)
    }
    return client
  }
}
