import type { ProviderConfig } from '../config.js'
import type { SpamPolicy } from '../spam.js'
import type { HistoryProvider } from './types.js'

export interface ProviderDeps {
  spam: SpamPolicy
  fetch?: typeof fetch
}

export function createProvider(config: ProviderConfig, _deps: ProviderDeps): HistoryProvider {
  throw new Error(`History provider ${config.kind} is not implemented yet`)
}
