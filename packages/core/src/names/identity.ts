import { namingNamespace } from '../adapters/registry.js'
import { callLatchServer, type LatchServer } from '../api/call.js'
import type { LatchController } from '../controller/index.js'
import type { LatchStorage } from '../storage/storage.js'
import type { IdentityResponse } from '../wire/names.js'

/** docs/behaviour.md#limits: names and identities are kept 5 minutes. */
export const IDENTITY_CACHE_MS = 5 * 60_000

const cacheKey = (address: string) => address.toLowerCase()

/**
 * The name and avatar of an address (`GET /v1/identity/:address`: the server's registry, then
 * ENS), kept 5 minutes in Latch's storage so reloads and other tabs ask once.
 */
export async function fetchIdentity(
  server: LatchServer,
  storage: LatchStorage,
  address: string,
  options: { force?: boolean | undefined; signal?: AbortSignal | undefined } = {},
): Promise<IdentityResponse> {
  const cache = storage.get('identityCache') ?? {}
  const hit = cache[cacheKey(address)]
  if (!options.force && hit && hit.expiresAt > Date.now()) return hit.value as IdentityResponse
  const identity = await callLatchServer<IdentityResponse>(
    server,
    'GET',
    `/v1/identity/${encodeURIComponent(address)}`,
    { signal: options.signal },
  )
  rememberIdentity(storage, address, identity)
  return identity
}

/** Replaces the cached identity of an address (after it registered a name, say). */
export function rememberIdentity(
  storage: LatchStorage,
  address: string,
  identity: IdentityResponse,
) {
  const now = Date.now()
  const cache = storage.get('identityCache') ?? {}
  const live = Object.fromEntries(
    Object.entries(cache).filter(([, entry]) => entry.expiresAt > now),
  )
  storage.set('identityCache', {
    ...live,
    [cacheKey(address)]: { value: identity, expiresAt: now + IDENTITY_CACHE_MS },
  })
}

/**
 * Puts the active EVM account's name and avatar in its account state (the account button and
 * view read `profileName` and `profileImage`). Names exist only on EVM. A failure leaves the
 * address showing: a name is decoration.
 */
export async function syncIdentity(
  controller: Pick<LatchController, 'stores' | 'setChainAccountData' | 'storage'>,
  server: LatchServer,
): Promise<IdentityResponse | undefined> {
  const namespace = namingNamespace()
  const accountAddress = () =>
    namespace && controller.stores.chain.getState().chains[namespace]?.accountState.address
  const address = accountAddress()
  if (!namespace || !address) return undefined
  let identity: IdentityResponse
  try {
    identity = await fetchIdentity(server, controller.storage, address)
  } catch {
    return undefined
  }
  // The account may have changed while the server answered.
  if (accountAddress() !== address) return identity
  controller.setChainAccountData(namespace, {
    profileName: identity.name ?? undefined,
    profileImage: identity.avatar ?? undefined,
  })
  return identity
}
