/** The page fields every `POST /e` body carries; empty outside a browser. */
export function pageInfo(): { url: string; domain: string } {
  const location = (globalThis as { location?: { href?: string; hostname?: string } }).location
  return { url: location?.href ?? '', domain: location?.hostname ?? '' }
}

export function newEventId(): string {
  return globalThis.crypto.randomUUID()
}
