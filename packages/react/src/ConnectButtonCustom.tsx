import {
  type CaipNetwork,
  type ConnectionStatus,
  type DisconnectResult,
  openModal,
} from '@latch/core'
import type { ReactNode } from 'react'
import { useStore } from 'zustand'
import { useLatch } from './context.js'
import { type UseLatchAccountResult, useLatchAccount } from './hooks/useLatchAccount.js'
import { useLatchDisconnect } from './hooks/useLatchDisconnect.js'
import { useLatchNetwork } from './hooks/useLatchNetwork.js'

export interface ConnectButtonRenderProps {
  account: UseLatchAccountResult
  status: ConnectionStatus
  isConnected: boolean
  network: CaipNetwork | undefined
  /** The wallet sits on a network the app does not list. */
  unsupported: boolean
  isModalOpen: boolean
  openConnectModal(): void
  openAccountModal(): void
  openNetworkModal(): void
  disconnect(): Promise<DisconnectResult>
}

export interface ConnectButtonCustomProps {
  children: (props: ConnectButtonRenderProps) => ReactNode
}

/**
 * For dapps that draw their own button: Latch gives the account, network and modal state and the
 * actions, and renders nothing of its own. Disconnecting leaves the modal as it is.
 */
export function ConnectButtonCustom({ children }: ConnectButtonCustomProps) {
  const { stores } = useLatch('ConnectButtonCustom')
  const account = useLatchAccount()
  const { network, unsupported } = useLatchNetwork()
  const { disconnect } = useLatchDisconnect()
  const isModalOpen = useStore(stores.router, (s) => s.open)
  return children({
    account,
    status: account.status,
    isConnected: account.isConnected,
    network,
    unsupported,
    isModalOpen,
    openConnectModal: () => openModal(stores.router, 'Connect'),
    openAccountModal: () => openModal(stores.router, 'Account'),
    openNetworkModal: () => openModal(stores.router, 'Networks'),
    disconnect: () => disconnect(),
  })
}
