import { type CaipNetwork, isActiveNetworkUnsupported } from '@latch/core'
import { useCallback, useMemo } from 'react'
import { useStore } from 'zustand'
import { useLatch } from '../context.js'

export interface UseLatchNetworkResult {
  network: CaipNetwork | undefined
  networks: CaipNetwork[]
  /** True when the wallet sits on a network the app does not list. */
  unsupported: boolean
  /** Asks the wallet (when connected) and makes `network` active; no modal is involved. */
  switchNetwork(network: CaipNetwork): Promise<CaipNetwork | undefined>
}

export function useLatchNetwork(): UseLatchNetworkResult {
  const { stores, controller } = useLatch('useLatchNetwork')
  const network = useStore(stores.chain, (s) => s.activeCaipNetwork)
  const chains = useStore(stores.chain, (s) => s.chains)
  const networks = useMemo(
    () => Object.values(chains).flatMap((chain) => chain?.caipNetworks ?? []),
    [chains],
  )
  const unsupported = useStore(stores.chain, isActiveNetworkUnsupported)
  const switchNetwork = useCallback(
    (next: CaipNetwork) => controller.switchNetwork(next),
    [controller],
  )
  return { network, networks, unsupported, switchNetwork }
}
