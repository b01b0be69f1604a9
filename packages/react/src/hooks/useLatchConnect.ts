import type { ConnectAttempt, Connector, ConnectResult } from '@latch/core'
import { useCallback } from 'react'
import { useStore } from 'zustand'
import { useLatch } from '../context.js'

export interface UseLatchConnectResult {
  /** Asks the connector's wallet to connect, without opening the modal. */
  connect(connector: Pick<Connector, 'id' | 'chain'>): Promise<ConnectResult>
  /** The latest attempt (any caller's, the modal's too) and how it went. */
  attempt: ConnectAttempt | undefined
  isPending: boolean
}

/** Connects a wallet directly, for dapps that draw their own wallet list. */
export function useLatchConnect(): UseLatchConnectResult {
  const { stores, controller } = useLatch('useLatchConnect')
  const attempt = useStore(stores.connectors, (s) => s.attempt)
  const connect = useCallback(
    (connector: Pick<Connector, 'id' | 'chain'>) =>
      controller.connect({ namespace: connector.chain, connectorId: connector.id }),
    [controller],
  )
  return { connect, attempt, isPending: attempt?.status === 'pending' }
}
