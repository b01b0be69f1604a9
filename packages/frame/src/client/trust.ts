import { LatchError } from '@latch/core'
/**
 * The reference toolkit posts frame messages to '*' and reads any message it receives.
 * Latch accepts a message only when both its origin and its sending window are the peer's.
 */
export interface TrustedPeer {
  origin: string
  source: MessageEventSource | null
}

export class UntrustedOriginError extends LatchError {
  override name = 'UntrustedOriginError'
  constructor(message: string) {
    super(message, { category: 'SECURE_SITE_ERROR' })
  }
}

/** Normalises a URL or origin string to its origin, rejecting anything that has none. */
export function toOrigin(urlOrOrigin: string): string {
  let origin: string
  try {
    origin = new URL(urlOrOrigin).origin
  } catch {
    throw new UntrustedOriginError(`"${urlOrOrigin}" is not a URL`)
  }
  if (origin === 'null') throw new UntrustedOriginError(`"${urlOrOrigin}" has no origin`)
  return origin
}

export function isFromPeer(event: Pick<MessageEvent, 'origin' | 'source'>, peer: TrustedPeer) {
  return event.origin === peer.origin && peer.source !== null && event.source === peer.source
}
