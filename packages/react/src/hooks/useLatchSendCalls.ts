import {
  type Call,
  type CallsProvider,
  type GetCallsStatusResult,
  NoActiveAccountError,
  getCallsStatus as readStatus,
  type SendCallsResult,
  sendCalls as send,
} from '@latch/core'
import type { EvmAdapter } from '@latch/core/evm'
import { useCallback, useRef, useState } from 'react'
import { useLatch } from '../context.js'

export interface SendCallsOptions {
  calls: readonly Call[]
  /** Refuse rather than send one transaction per call where the wallet cannot batch. */
  atomicRequired?: boolean
  capabilities?: Record<string, unknown>
}

export interface UseLatchSendCallsResult {
  /**
   * EIP-5792 with the active EVM account's wallet: one approval and one operation with the
   * embedded smart account or an EIP-5792 wallet, one transaction per call with other wallets
   * (`atomic: 'unsupported'`). Rejects with `SendCallsValidationError` or `SendCallsError`.
   */
  sendCalls(options: SendCallsOptions): Promise<SendCallsResult>
  /** The batch's status, from the wallet (or from the chain for one-by-one batches). */
  getCallsStatus(id: string): Promise<GetCallsStatusResult>
  /** The last batch sent, until the next one starts. */
  data: SendCallsResult | undefined
  error: Error | undefined
  isPending: boolean
  reset(): void
}

type Controller = ReturnType<typeof useLatch>['controller']

/**
 * The active account, its chain and the EIP-1193 provider of the connection holding it. Only an
 * EVM adapter keeps wagmi connections, so an active account of another family has none here.
 */
async function activeEvm(controller: Controller) {
  const { activeChain, chains } = controller.stores.chain.getState()
  const state = activeChain ? chains[activeChain] : undefined
  const from = state?.accountState.address
  const chainId = Number(state?.networkState.caipNetwork?.id)
  const adapter =
    activeChain && from ? (controller.getAdapter(activeChain) as Partial<EvmAdapter>) : undefined
  const wagmi = adapter?.wagmiConfig
  if (!from || !wagmi || !Number.isInteger(chainId)) throw new NoActiveAccountError()
  const { connections, current } = wagmi.state
  const connection =
    [...connections.values()].find((c) =>
      c.accounts.some((a) => a.toLowerCase() === from.toLowerCase()),
    ) ?? (current ? connections.get(current) : undefined)
  if (!connection) throw new NoActiveAccountError()
  const provider = (await connection.connector.getProvider()) as CallsProvider
  return { from, chainId, provider }
}

/** Sends batches of calls with the connected EVM wallet; the caller decides what to show. */
export function useLatchSendCalls(): UseLatchSendCallsResult {
  const { controller } = useLatch('useLatchSendCalls')
  const [data, setData] = useState<SendCallsResult>()
  const [error, setError] = useState<Error>()
  const [pending, setPending] = useState(0)
  // Only the latest batch's outcome is kept: an older one finishing later must not win.
  const latest = useRef(0)
  const sendCalls = useCallback(
    async (options: SendCallsOptions) => {
      const id = ++latest.current
      setData(undefined)
      setError(undefined)
      setPending((n) => n + 1)
      try {
        const result = await send({ ...(await activeEvm(controller)), ...options })
        if (id === latest.current) setData(result)
        return result
      } catch (cause) {
        if (id === latest.current) setError(cause as Error)
        throw cause
      } finally {
        setPending((n) => n - 1)
      }
    },
    [controller],
  )
  const getCallsStatus = useCallback(
    async (id: string) => readStatus((await activeEvm(controller)).provider, { id }),
    [controller],
  )
  const reset = useCallback(() => {
    latest.current++
    setData(undefined)
    setError(undefined)
  }, [])
  return { sendCalls, getCallsStatus, data, error, isPending: pending > 0, reset }
}
