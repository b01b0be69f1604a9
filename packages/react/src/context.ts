import { LatchError } from '@latch/core'
import { createContext, useContext, useSyncExternalStore } from 'react'
import type { LatchClient, LatchConfig } from './client.js'

/*
 * The context object and the hooks that read it, apart from `LatchProvider` (LatchProvider.tsx):
 * the provider renders the modal host, and the modal's views read the client through these hooks,
 * so keeping them in one module made an import circle through every view.
 */

export type { LatchConfig } from './client.js'

export class LatchProviderMissingError extends LatchError {
  override name = 'LatchProviderMissingError'
  constructor(hook: string) {
    super(`${hook} must be used inside <LatchProvider>.`)
  }
}

export const LatchContext = createContext<LatchClient | null>(null)

const unsubscribed = () => () => {}

export function useLatch(hook = 'useLatch'): LatchClient {
  const client = useContext(LatchContext)
  // A component that reads the client re-renders when another locale's strings arrive.
  const messages = () => client?.messages
  useSyncExternalStore(client?.subscribeMessages ?? unsubscribed, messages, messages)
  if (!client) throw new LatchProviderMissingError(hook)
  return client
}

export function useLatchConfig(): LatchConfig {
  return useLatch('useLatchConfig').config
}
