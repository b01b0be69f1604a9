import type { ApiClient } from '../api/client.js'
import type { EventsStore, LatchEvent } from '../stores/events.js'
import { newEventId, pageInfo } from './page.js'

export interface AnalyticsClientOptions {
  api: Pick<ApiClient, 'getAnalyticsConfig' | 'postEvent'>
  /** The app's `features.analytics`. Off: the client never makes a request, not even the config one. */
  enabled: boolean | (() => boolean)
}

export interface TrackInput {
  event: string
  address?: string | undefined
  properties?: Record<string, unknown> | undefined
}

/**
 * Sends analytics events only when the app enables analytics AND the project does
 * (`GET /getAnalyticsConfig`). The reference sends events with analytics disabled; Latch does not.
 */
export function createAnalyticsClient(options: AnalyticsClientOptions) {
  const appEnabled = () =>
    typeof options.enabled === 'function' ? options.enabled() : options.enabled
  let projectEnabled: Promise<boolean> | undefined

  function projectAllows(): Promise<boolean> {
    projectEnabled ??= options.api.getAnalyticsConfig().catch(() => false)
    return projectEnabled
  }

  async function track(input: TrackInput): Promise<boolean> {
    if (!appEnabled()) return false
    if (!(await projectAllows())) return false
    // The app may have switched analytics off while the config request was in flight.
    if (!appEnabled()) return false
    try {
      await options.api.postEvent({
        eventId: newEventId(),
        ...pageInfo(),
        timestamp: Date.now(),
        props: {
          type: 'track',
          event: input.event,
          ...(input.address ? { address: input.address } : {}),
          ...(input.properties ? { properties: input.properties } : {}),
        },
      })
      return true
    } catch {
      // Analytics must never break the app.
      return false
    }
  }

  return {
    /** Resolves whether events will be sent; makes no request when the app disables analytics. */
    async isEnabled(): Promise<boolean> {
      return appEnabled() && (await projectAllows())
    },
    track,
    /** Forwards the events store's 'track' events; returns the unsubscribe function. */
    connect(events: EventsStore, address?: () => string | undefined): () => void {
      return events.subscribe((state, previous) => {
        const last: LatchEvent | undefined = state.last
        if (!last || last === previous.last || last.type !== 'track') return
        void track({ event: last.event, properties: last.properties, address: address?.() })
      })
    },
  }
}

export type AnalyticsClient = ReturnType<typeof createAnalyticsClient>
