import { useEffect, useState } from 'react'
import { networkFee, type SwapApi } from './SwapApi.js'

export interface FeeRequest {
  from: string
  to: string
  amount: string
  userAddress: string
}

/**
 * The swap's network fee before it is sent: the server builds the transaction it would send
 * (gas limit estimated on the chain, gas price the chain's) once per pick and amount, not on
 * every quote refresh, as builds are rate-limited more tightly than quotes.
 */
export function useSwapNetworkFee(api: SwapApi, request: FeeRequest | undefined) {
  const [fee, setFee] = useState<{ key: string; wei: bigint }>()
  const key = request
    ? `${request.from}|${request.to}|${request.amount}|${request.userAddress}`
    : ''
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names the request
  useEffect(() => {
    if (!request) return
    let live = true
    // The slippage changes only the minimum out, not the gas: any valid one builds the same call.
    api.buildTransaction({ ...request, slippage: '1' }).then(
      ({ tx }) => {
        if (live) setFee({ key, wei: networkFee(tx) })
      },
      () => {
        if (live) setFee(undefined)
      },
    )
    return () => {
      live = false
    }
  }, [api, key])
  return fee?.key === key ? fee.wei : undefined
}
