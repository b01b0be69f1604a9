import type { Connector } from '@latch/core'
import { useEffect, useMemo, useState } from 'react'
import { useStore } from 'zustand'
import { useLatch } from '../context.js'
import { listWallets } from './walletList.js'

const loadMultiChain = () => import('./multiChain.js')
type MultiChain = Awaited<ReturnType<typeof loadMultiChain>>
// Loaded once per page; later mounts start with it.
let loaded: MultiChain | undefined

/**
 * The wallets as the modal lists them: the embedded wallet left out (it is the email field), and,
 * when the app has several namespaces, a wallet on more than one of them as one MULTI_CHAIN
 * connector (docs/solana.md#wallets-on-two-chains). The grouping and the chain badges come with
 * `multiChain`, a chunk fetched as the modal mounts (the title reads this hook, and the modal
 * mounts at idle, before the first click); until it is here, the list is ungrouped.
 */
export function useWalletConnectors(): { connectors: Connector[]; multiChain?: MultiChain } {
  const { stores } = useLatch('useWalletConnectors')
  const all = useStore(stores.connectors, (s) => s.connectors)
  // The app's namespaces in its adapters' order, as a string: equal between renders while they are.
  const order = useStore(stores.chain, (s) => Object.keys(s.chains).join(' '))
  const several = order.includes(' ')
  const [multiChain, setMultiChain] = useState(loaded)
  useEffect(() => {
    if (several && !multiChain)
      loadMultiChain().then(
        (module) => {
          loaded = module
          setMultiChain(module)
        },
        () => {},
      )
  }, [several, multiChain])
  return useMemo(() => {
    return several && multiChain
      ? { connectors: listWallets(all, order, multiChain.groupMultiChainConnectors), multiChain }
      : { connectors: listWallets(all, order) }
  }, [all, order, several, multiChain])
}
