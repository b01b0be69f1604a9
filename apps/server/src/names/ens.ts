import { type Address, createPublicClient, http, type PublicClient } from 'viem'
import { mainnet } from 'viem/chains'
import { normalize } from 'viem/ens'

/** What ENS says about an address: its primary name and that name's `avatar` text record. */
export interface EnsIdentity {
  name: string | null
  /** The record as written (a URL, `ipfs://…`, an NFT reference): text, never fetched here. */
  avatarRecord: string | null
}

/** docs/behaviour.md#limits: names and identities are kept 5 minutes. */
const TTL_MS = 5 * 60_000
const MAX_ENTRIES = 10_000

/**
 * A mainnet client that cannot be steered off the upstream: CCIP-Read is off, so a resolver
 * answering `OffchainLookup` with gateway URLs of the record owner's choosing makes the lookup
 * fail instead of making this server request those URLs. Avatars are read as text records
 * (`getEnsText`), not through `getEnsAvatar`, which would fetch NFT metadata and images.
 */
export function ensClient(rpcUrl: string): PublicClient {
  return createPublicClient({
    chain: mainnet,
    ccipRead: false,
    transport: http(rpcUrl, { timeout: 5_000, retryCount: 0 }),
  }) as PublicClient
}

export class EnsResolver {
  private readonly client: PublicClient
  private readonly cache = new Map<Address, { identity: EnsIdentity; at: number }>()

  constructor(rpcUrl: string) {
    this.client = ensClient(rpcUrl)
  }

  /** Cached 5 minutes; a failure throws and is not cached, so the next look tries again. */
  async lookup(address: Address): Promise<EnsIdentity> {
    const cached = this.cache.get(address)
    if (cached && Date.now() - cached.at < TTL_MS) return cached.identity
    const name = await this.client.getEnsName({ address })
    let avatarRecord: string | null = null
    if (name) {
      // A name that does not normalise has no records worth reading.
      const normalized = (() => {
        try {
          return normalize(name)
        } catch {
          return undefined
        }
      })()
      if (normalized)
        avatarRecord = await this.client
          .getEnsText({ name: normalized, key: 'avatar' })
          .catch(() => null)
    }
    const identity = { name: name ?? null, avatarRecord }
    if (this.cache.size >= MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value as Address)
    this.cache.set(address, { identity, at: Date.now() })
    return identity
  }
}

const resolvers = new Map<string, EnsResolver>()

/** One resolver (and cache) per upstream, shared by the identity route and the avatar images. */
export function ensResolverFor(rpcUrl: string): EnsResolver {
  let resolver = resolvers.get(rpcUrl)
  if (!resolver) {
    resolver = new EnsResolver(rpcUrl)
    resolvers.set(rpcUrl, resolver)
  }
  return resolver
}
