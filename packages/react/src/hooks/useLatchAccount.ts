import {
  type AccountState,
  activeAccountState,
  type CaipAddress,
  type ChainNamespace,
  initialAccountState,
  selectActiveCaipAddress,
} from '@latch/core'
import { useMemo } from 'react'
import { useStore } from 'zustand'
import { useLatch } from '../context.js'

const idle = initialAccountState()

export interface UseLatchAccountResult extends AccountState {
  namespace: ChainNamespace | undefined
  /** namespace:chainId:address of the active account, derived from address and network. */
  caipAddress: CaipAddress | undefined
  isConnected: boolean
}

/** The active namespace's account. */
export function useLatchAccount(): UseLatchAccountResult {
  const { stores } = useLatch('useLatchAccount')
  const account = useStore(stores.chain, activeAccountState) ?? idle
  const namespace = useStore(stores.chain, (s) => s.activeChain)
  const caipAddress = useStore(stores.chain, selectActiveCaipAddress)
  return useMemo(
    () => ({ ...account, namespace, caipAddress, isConnected: account.status === 'connected' }),
    [account, namespace, caipAddress],
  )
}
