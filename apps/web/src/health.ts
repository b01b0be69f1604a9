export interface ChainHealth {
  ok: boolean
  chainId?: number
  blockNumber?: string
  rpcUrl: string
  error?: string
}

export interface Health {
  status: 'ok' | 'degraded'
  database: { ok: boolean; kind: string }
  chain: ChainHealth
}

export class HealthFetchError extends Error {
  override name = 'HealthFetchError'
}

export async function fetchHealth(baseUrl: string, signal?: AbortSignal): Promise<Health> {
  let response: Response
  try {
    response = await fetch(new URL('/healthz', baseUrl), { signal: signal ?? null })
  } catch (cause) {
    throw new HealthFetchError(`The Latch server at ${baseUrl} is not answering.`, { cause })
  }
  if (!response.ok) throw new HealthFetchError(`The Latch server answered ${response.status}.`)
  return (await response.json()) as Health
}
