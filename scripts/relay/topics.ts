/**
 * The dev relay's memory: who listens on which topic, and the messages kept for those who are not
 * listening yet. A WalletConnect relay is a mailbox as much as a router — a wallet that scans a
 * QR code subscribes to the pairing topic after the dapp published its proposal there, and the
 * dapp subscribes to a session topic after the wallet published the settlement — so a message
 * waits, until its TTL, for every client that has not acknowledged it. The client that published
 * a message never gets it back (docs/walletconnect.md#the-dev-relay).
 *
 * Memory is bounded: expired messages go first, then, past a cap (per topic, and in total), the
 * oldest message goes to make room for the new one; a flooder evicts old mail, never grows the heap.
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

// Who has answered a delivery is kept on the message, so it goes when the message goes.
interface Kept extends StoredMessage {
  receivedBy: Set<string>
}

export interface Listener {
  clientId: string
  deliver(subscriptionId: string, message: StoredMessage): void
}

/** Messages kept at most, in total: with the relay's frame limit, a bound on its memory. */
export const MAX_STORED_MESSAGES = 1_000
/** Messages kept at most on one topic: a pairing or session topic carries a handful at a time. */
export const MAX_MESSAGES_PER_TOPIC = 50

export interface TopicsOptions {
  /** Messages kept at most (the oldest go first); default MAX_STORED_MESSAGES. */
  limit?: number
  /** Messages kept at most per topic (the topic's oldest go first); default MAX_MESSAGES_PER_TOPIC. */
  perTopic?: number
  now?: () => number
}

/** The subscription id a client expects for a topic: sha-256 of topic and client id, in hex. */
export function subscriptionIdOf(topic: string, clientId: string): string {
  return createHash('sha256')
    .update(topic + clientId)
    .digest('hex')
}

export function createTopics(options: TopicsOptions = {}) {
  const limit = options.limit ?? MAX_STORED_MESSAGES
  const perTopic = options.perTopic ?? MAX_MESSAGES_PER_TOPIC
  const now = options.now ?? Date.now
  const listeners = new Map<string, Set<Listener>>()
  // Oldest first.
  const stored: Kept[] = []

  const dropExpired = () => {
    const time = now()
    for (let i = stored.length - 1; i >= 0; i--)
      if (stored[i]!.expiresAt <= time) stored.splice(i, 1)
  }
  const makeRoomOn = (topic: string) => {
    dropExpired()
    const onTopic = stored.filter((m) => m.topic === topic)
    if (onTopic.length >= perTopic) stored.splice(stored.indexOf(onTopic[0]!), 1)
    if (stored.length >= limit) stored.splice(0, stored.length - limit + 1)
  }
  const waitingFor = (clientId: string, topic: string) => {
    dropExpired()
    return stored.filter(
      (m) => m.topic === topic && m.publisher !== clientId && !m.receivedBy.has(clientId),
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
      makeRoomOn(input.topic)
      const publishedAt = now()
      const message: Kept = {
        topic: input.topic,
        message: input.message,
        tag: input.tag,
        attestation: input.attestation,
        publisher: input.publisher,
        publishedAt,
        expiresAt: publishedAt + input.ttl * 1000,
        hash: createHash('sha256').update(input.message).digest('hex'),
        receivedBy: new Set(),
      }
      stored.push(message)
      for (const listener of listeners.get(message.topic) ?? [])
        if (listener.clientId !== message.publisher)
          listener.deliver(subscriptionIdOf(message.topic, listener.clientId), message)
      return message
    },
    /** A client answered a delivery: it is not sent that message again. */
    acknowledge(clientId: string, hash: string): void {
      for (const m of stored) if (m.hash === hash) m.receivedBy.add(clientId)
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
