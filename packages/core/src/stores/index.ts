import { type AlertsStore, createAlertsStore } from './alerts.js'
import { type ChainStore, createChainStore } from './chain.js'
import { type ConnectionsStore, createConnectionsStore } from './connections.js'
import { type ConnectorsStore, createConnectorsStore } from './connectors.js'
import { createEventsStore, type EventsStore } from './events.js'
import { createOptionsStore, type OptionsState, type OptionsStore } from './options.js'
import { createRouterStore, type RouterStore } from './router.js'
import { createSendStore, type SendStore } from './send.js'

export * from './account.js'
export * from './alerts.js'
export * from './chain.js'
export * from './connections.js'
export * from './connectors.js'
export * from './events.js'
export * from './options.js'
export * from './router.js'
export * from './send.js'

/** One instance of every store; a page has one, tests make as many as they like. */
export interface LatchStores {
  chain: ChainStore
  connectors: ConnectorsStore
  connections: ConnectionsStore
  options: OptionsStore
  alerts: AlertsStore
  router: RouterStore
  events: EventsStore
  send: SendStore
}

export function createStores(options: Partial<OptionsState> = {}): LatchStores {
  return {
    chain: createChainStore(),
    connectors: createConnectorsStore(),
    connections: createConnectionsStore(),
    options: createOptionsStore(options),
    alerts: createAlertsStore(),
    router: createRouterStore(),
    events: createEventsStore(),
    send: createSendStore(),
  }
}
