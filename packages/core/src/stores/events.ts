import { createStore, type StoreApi } from 'zustand/vanilla'

export interface LatchEvent {
  /** 'track' events are UI analytics; 'sdk' events are state changes apps may react to. */
  type: 'track' | 'sdk'
  event: string
  properties?: Record<string, unknown> | undefined
}

export interface EventsState {
  timestamp: number
  last: LatchEvent | undefined
  /** The most recent events, newest last; capped so long sessions do not grow memory. */
  history: { timestamp: number; data: LatchEvent }[]
}

export type EventsStore = StoreApi<EventsState>

export const EVENT_HISTORY_LIMIT = 100

export function createEventsStore(): EventsStore {
  return createStore<EventsState>()(() => ({ timestamp: 0, last: undefined, history: [] }))
}

export function emitEvent(store: EventsStore, data: LatchEvent): void {
  const timestamp = Date.now()
  store.setState((state) => ({
    timestamp,
    last: data,
    history: [...state.history, { timestamp, data }].slice(-EVENT_HISTORY_LIMIT),
  }))
}

/** Calls `listener` for every event named `event` emitted from now on. */
export function onEvent(
  store: EventsStore,
  event: string,
  listener: (data: LatchEvent) => void,
): () => void {
  return store.subscribe((state, previous) => {
    if (state.last && state.last !== previous.last && state.last.event === event)
      listener(state.last)
  })
}
