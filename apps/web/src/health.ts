import { type ApiClient, createApiClient, type ServerHealth } from '@latch/core'

export type Health = ServerHealth
export type ChainHealth = ServerHealth['chain']

const clients = new Map<string, ApiClient>()

/** `GET /healthz` through the one API client; failures are `ApiError`s with a short message. */
export function fetchHealth(baseUrl: string, signal?: AbortSignal): Promise<Health> {
  let client = clients.get(baseUrl)
  if (!client) {
    client = createApiClient({ baseUrl, projectId: '' })
    clients.set(baseUrl, client)
  }
  return client.getHealth(signal)
}
