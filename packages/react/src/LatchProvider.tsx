import { type ReactNode, useEffect, useState } from 'react'
import { createLatchClient, type LatchClient, type LatchConfig } from './client.js'
import { LatchContext } from './context.js'
import { ModalHost } from './modal/ModalHost.js'
import { latchStyles } from './theme/styles.js'
import { ensureStyles } from './theme/useTheme.js'

export interface LatchProviderProps {
  config: LatchConfig
  /** A client made beforehand (tests, or an app that uses the stores outside React). */
  client?: LatchClient | undefined
  children?: ReactNode
}

/**
 * Makes the client (core's `createLatch`, once), mounts its watchers while mounted, starts the
 * controller (registers the adapters, reconnects), and hosts the modal: appended to
 * document.body, or rendered right here when embedded mode is on or appending is disabled.
 */
export function LatchProvider({ config, client: given, children }: LatchProviderProps) {
  const [client] = useState(() => given ?? createLatchClient(config))
  // In render, not an effect: an inline modal renders in this same pass and reads these options.
  ensureStyles('base', latchStyles, {
    nonce: client.config.nonce,
    injectStyles: client.config.injectStyles,
  })
  // The watchers (unsupported chain, sign-in, identity, balances, history) are core's; before
  // initializing, so that a reconnect onto an unlisted network is seen too.
  useEffect(() => client.mount(), [client])
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
  return (
    <LatchContext.Provider value={client}>
      {children}
      <ModalHost />
    </LatchContext.Provider>
  )
}
