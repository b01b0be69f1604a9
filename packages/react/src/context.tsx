import { LatchError, selectActiveCaipAddress } from '@latch/core'
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react'
import { createLatchClient, type LatchClient, type LatchConfig } from './client.js'
import { ModalHost } from './modal/ModalHost.js'
import { watchUnsupportedChain } from './modal/watchUnsupportedChain.js'
import { latchStyles } from './theme/styles.js'
import { ensureStyles } from './theme/useTheme.js'

export type { LatchConfig } from './client.js'

export class LatchProviderMissingError extends LatchError {
  override name = 'LatchProviderMissingError'
  constructor(hook: string) {
    super(`${hook} must be used inside <LatchProvider>.`)
  }
}

const LatchContext = createContext<LatchClient | null>(null)

export interface LatchProviderProps {
  config: LatchConfig
  /** A client made beforehand (tests, or an app that uses the stores outside React). */
  client?: LatchClient | undefined
  children?: ReactNode
}

/**
 * Makes the stores, controller and history store (once), starts the controller (registers the
 * adapters, reconnects), and hosts the modal: appended to document.body, or rendered right here
 * when embedded mode is on or appending is disabled.
 */
export function LatchProvider({ config, client: given, children }: LatchProviderProps) {
  const [client] = useState(() => given ?? createLatchClient(config))
  // In render, not an effect: an inline modal renders in this same pass and reads these options.
  ensureStyles('base', latchStyles, {
    nonce: client.config.nonce,
    injectStyles: client.config.injectStyles,
  })
  // Before initializing, so that a reconnect onto an unlisted network is seen too.
  useEffect(() => watchUnsupportedChain(client), [client])
  // Sign-in with the wallet loads only for apps that configure it.
  useEffect(() => {
    const siwx = client.config.siwx
    if (!siwx) return
    let stop: (() => void) | undefined
    let stopped = false
    void import('./modal/watchSiwx.js').then(({ watchSiwx }) => {
      if (!stopped) stop = watchSiwx(client, siwx)
    })
    return () => {
      stopped = true
      stop?.()
    }
  }, [client])
  // Names load once an EVM account is connected: a page nobody connects on never fetches them.
  useEffect(() => {
    let stop: (() => void) | undefined
    let stopped = false
    const unsubscribe = client.stores.chain.subscribe((state) => {
      if (state.chains.eip155?.accountState.status !== 'connected') return
      unsubscribe()
      void import('./modal/watchIdentity.js').then(({ watchIdentity }) => {
        if (!stopped) stop = watchIdentity(client)
      })
    })
    return () => {
      stopped = true
      unsubscribe()
      stop?.()
    }
  }, [client])
  useEffect(() => {
    const start = () =>
      client.initialize().catch((error: unknown) => {
        console.warn('Latch could not start', error)
      })
    // Starting sets the stores, which re-renders the tree: done before the first paint, that work
    // held the page back. A task queued from the next frame's callback runs once it is painted; a
    // hidden page paints no frame. Starting twice is harmless (initialize runs once).
    if (document.visibilityState === 'hidden') start()
    else requestAnimationFrame(() => setTimeout(start))
  }, [client])
  // The balance follows the active account and network (the adapter caches it for 30 s).
  useEffect(() => {
    let last = ''
    const sync = () => {
      const state = client.stores.chain.getState()
      const { activeChain, chains } = state
      const connected = activeChain && chains[activeChain]?.accountState.status === 'connected'
      const key = connected ? (selectActiveCaipAddress(state) ?? '') : ''
      if (key === last) return
      last = key
      if (key) client.controller.fetchBalance().catch(() => {})
    }
    sync()
    return client.stores.chain.subscribe(sync)
  }, [client])
  return (
    <LatchContext.Provider value={client}>
      {children}
      <ModalHost />
    </LatchContext.Provider>
  )
}

export function useLatch(hook = 'useLatch'): LatchClient {
  const client = useContext(LatchContext)
  if (!client) throw new LatchProviderMissingError(hook)
  return client
}

export function useLatchConfig(): LatchConfig {
  return useLatch('useLatchConfig').config
}
