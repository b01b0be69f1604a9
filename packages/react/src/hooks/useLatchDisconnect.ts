import type { ChainNamespace, DisconnectResult } from '@latch/core'
import { useCallback, useState } from 'react'
import { useLatch } from '../context.js'

export interface UseLatchDisconnectResult {
  /**
   * Disconnects one namespace, or every connected one when none is given. Resolves once the
   * local state is cleared (the wallet gets at most 3 s).
   */
  disconnect(parameters?: { namespace?: ChainNamespace }): Promise<DisconnectResult>
  isPending: boolean
}

/** Disconnects without touching the modal: the caller decides what to show next. */
export function useLatchDisconnect(): UseLatchDisconnectResult {
  const { controller } = useLatch('useLatchDisconnect')
  const [pending, setPending] = useState(0)
  const disconnect = useCallback(
    async (parameters: { namespace?: ChainNamespace } = {}) => {
      setPending((n) => n + 1)
      try {
        return await controller.disconnect(parameters)
      } finally {
        setPending((n) => n - 1)
      }
    },
    [controller],
  )
  return { disconnect, isPending: pending > 0 }
}
