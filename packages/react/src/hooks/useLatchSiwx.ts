import { openModal, selectActiveCaipAddress } from '@latch/core'
import { activeSiwxAccount, type SiwxSession } from '@latch/core/siwx'
import { useCallback, useEffect, useState } from 'react'
import { useStore } from 'zustand'
import { useLatch } from '../context.js'

export interface UseLatchSiwxResult {
  /** The active account's session on the active chain, once checked. */
  session: SiwxSession | undefined
  isSignedIn: boolean
  /** True until the backend has answered for the current account. */
  isLoading: boolean
  /** Opens the sign-in view (the modal asks the wallet). */
  signIn(): void
  /** Ends the session on the backend and here. */
  signOut(): Promise<void>
}

/**
 * The wallet sign-in (SIWX) of the active account: read again when the account, the chain or
 * the modal changes (a sign-in completes there). Needs `siwx` in the Latch config.
 */
export function useLatchSiwx(): UseLatchSiwxResult {
  const { stores, config } = useLatch('useLatchSiwx')
  const siwx = config.siwx
  const caipAddress = useStore(stores.chain, selectActiveCaipAddress)
  const modalOpen = useStore(stores.router, (s) => s.open)
  const [session, setSession] = useState<SiwxSession>()
  const [isLoading, setLoading] = useState(true)
  const [version, setVersion] = useState(0)

  // biome-ignore lint/correctness/useExhaustiveDependencies: the account, the modal and a sign-out read again
  useEffect(() => {
    const account = activeSiwxAccount({ stores })
    if (!siwx || !account) {
      setSession(undefined)
      setLoading(false)
      return
    }
    let live = true
    setLoading(true)
    siwx.getSessions(account.chainId, account.address).then(
      (sessions) => {
        if (!live) return
        setSession(sessions[0])
        setLoading(false)
      },
      () => {
        if (live) setLoading(false)
      },
    )
    return () => {
      live = false
    }
  }, [siwx, stores, caipAddress, modalOpen, version])

  const signIn = useCallback(() => openModal(stores.router, 'SIWXSignMessage'), [stores])
  const signOut = useCallback(async () => {
    const account = activeSiwxAccount({ stores })
    if (siwx && account) await siwx.revokeSession(account.chainId, account.address)
    setVersion((v) => v + 1)
  }, [siwx, stores])

  return { session, isSignedIn: session !== undefined, isLoading, signIn, signOut }
}
