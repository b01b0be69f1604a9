/**
 * The dev relay's memory: who listens on which topic, and the messages kept for those who are not
 * listening yet. A WalletConnect relay is a mailbox as much as a router — a wallet that scans a
 * QR code subscribes to the pairing topic after the dapp published its proposal there, and the
 * dapp subscribes to a session topic after the wallet published the settlement — so a message
 * waits, until its TTL, for every client that has not acknowledged it. The client that published
 * a message never gets it back (docs/walletconnect.md#the-dev-relay).
 */
import { createHash } from 'node:crypto'

export interface StoredMessage {
  topic: string
  message: string
  tag: number
  publishedAt: number
  expiresAt: number
  attestation?: string | undefined
  /** The relay-auth `iss` (did:key) of the client that published it. */
  publisher: string
  /** Content hash: what acknowledgements are kept by. */
  hash: string
}

export interface Listener {
  clientId: string
  deliver(subscriptionId: string, message: StoredMessage): void
}

export interface TopicsOptions {
  /** Messages kept at most (the oldest go first); bounds a dev relay's memory. */
  limit?: number
  now?: () => number
}

/** The subscription id a client expects for a topic: sha-256 of topic and client id, in hex. */
export function subscriptionIdOf(topic: string, clientId: string): string {
  return createHash('sha256')
    .update(topic + clientId)
    .digest('hex')
}

export function createTopics(options: TopicsOptions = {}) {
  const limit = options.limit ?? 10_000
  const now = options.now ?? Date.now
  const listeners = new Map<string, Set<Listener>>()
  const stored: StoredMessage[] = []
  // clientId → hashes of the messages that client has been given and answered.
  const received = new Map<string, Set<string>>()

  const dropExpired = () => {
    const time = now()
    for (let i = stored.length - 1; i >= 0; i--)
      if (stored[i]!.expiresAt <= time) stored.splice(i, 1)
  }
  const wasReceived = (clientId: string, hash: string) => received.get(clientId)?.has(hash) ?? false
  const waitingFor = (clientId: string, topic: string) => {
    dropExpired()
    return stored.filter(
      (m) => m.topic === topic && m.publisher !== clientId && !wasReceived(clientId, m.hash),
    )
  }

  return {
    subscribe(topic: string, listener: Listener): string {
      const set = listeners.get(topic) ?? new Set()
      set.add(listener)
      listeners.set(topic, set)
      const id = subscriptionIdOf(topic, listener.clientId)
      for (const message of waitingFor(listener.clientId, topic)) listener.deliver(id, message)
      return id
    },
    unsubscribe(topic: string, listener: Listener): void {
      listeners.get(topic)?.delete(listener)
      if (listeners.get(topic)?.size === 0) listeners.delete(topic)
    },
    /** Every topic a connection listened on goes when its socket closes. */
    removeListener(listener: Listener): void {
      for (const topic of [...listeners.keys()]) this.unsubscribe(topic, listener)
    },
    publish(input: Omit<StoredMessage, 'hash' | 'publishedAt' | 'expiresAt'> & { ttl: number }) {
      const publishedAt = now()
      const message: StoredMessage = {
        topic: input.topic,
        message: input.message,
        tag: input.tag,
        attestation: input.attestation,
        publisher: input.publisher,
        publishedAt,
        expiresAt: publishedAt + input.ttl * 1000,
        hash: createHash('sha256').update(input.message).digest('hex'),
      }
      stored.push(message)
      if (stored.length > limit) stored.splice(0, stored.length - limit)
      for (const listener of listeners.get(message.topic) ?? [])
        if (listener.clientId !== message.publisher)
          listener.deliver(subscriptionIdOf(message.topic, listener.clientId), message)
      return message
    },
    /** A client answered a delivery: it is not sent that message again. */
    acknowledge(clientId: string, hash: string): void {
      const set = received.get(clientId) ?? new Set()
      set.add(hash)
      received.set(clientId, set)
    },
    /** irn_batchFetchMessages: what is waiting for the client on these topics (taken as read). */
    fetch(clientId: string, topics: readonly string[]): StoredMessage[] {
      const messages = topics.flatMap((topic) => waitingFor(clientId, topic))
      for (const m of messages) this.acknowledge(clientId, m.hash)
      return messages
    },
    stats() {
      dropExpired()
      return { topics: listeners.size, stored: stored.length }
    },
  }
}

export type Topics = ReturnType<typeof createTopics>
