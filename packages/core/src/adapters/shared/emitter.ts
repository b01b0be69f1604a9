import type { AdapterEventName, AdapterEvents, ChainAdapter } from '../types.js'

type Listener = (payload: never) => void

/** The events side of an adapter: `on` for the controller, `emit` for the adapter itself. */
export interface AdapterEmitter {
  on: ChainAdapter['on']
  emit<event extends AdapterEventName>(event: event, payload: AdapterEvents[event]): void
  /** Drops every listener (the adapter is destroyed). */
  clear(): void
}

export function createAdapterEmitter(): AdapterEmitter {
  const listeners = new Map<AdapterEventName, Set<Listener>>()
  return {
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener as Listener)
      listeners.set(event, set)
      return () => set.delete(listener as Listener)
    },
    emit(event, payload) {
      for (const listener of listeners.get(event) ?? [])
        (listener as (p: typeof payload) => void)(payload)
    },
    clear: () => listeners.clear(),
  }
}
