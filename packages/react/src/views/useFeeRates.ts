import type { ChainAdapter, FeeRateOption } from '@latch/core'
import { useEffect, useState } from 'react'
import { useLatch } from '../context.js'
import { useLatchAccount, useLatchNetwork } from '../hooks/index.js'

/** A network's fee estimate: the rate that gets a transaction into a block within `blocks`. */
export type FeeRate = FeeRateOption

export type FeeRatesState =
  | { state: 'none' }
  | { state: 'loading' }
  | { state: 'ready'; rates: FeeRate[] }
  | { state: 'failed' }

/**
 * The choices a send offers: fastest first, and a slower target only when it is cheaper than every
 * faster one (waiting longer for the same rate buys nothing).
 */
export function feeRateChoices(rates: readonly FeeRate[]): FeeRate[] {
  const choices: FeeRate[] = []
  for (const rate of [...rates].sort((a, b) => a.blocks - b.blocks)) {
    if (!(rate.satsPerVbyte > 0) || !Number.isFinite(rate.satsPerVbyte)) continue
    const last = choices[choices.length - 1]
    if (!last || rate.satsPerVbyte < last.satsPerVbyte) choices.push(rate)
  }
  return choices
}

/** The choice preselected: the one aiming at about three blocks, else the slowest faster one. */
export function defaultFeeRate(choices: readonly FeeRate[]): FeeRate | undefined {
  const within = choices.filter((c) => c.blocks <= 3)
  return within[within.length - 1] ?? choices[0]
}

/**
 * The fee rates the active account's adapter estimates for its network, for the families whose
 * adapter offers them (`feeRates`); `none` for the others, whose wallets price a send themselves.
 */
export function useFeeRates(): FeeRatesState {
  const { controller } = useLatch('useFeeRates')
  const { namespace } = useLatchAccount()
  const { network } = useLatchNetwork()
  const [state, setState] = useState<FeeRatesState>({ state: 'none' })
  useEffect(() => {
    let adapter: ChainAdapter | undefined
    try {
      adapter = namespace ? controller.getAdapter(namespace) : undefined
    } catch {
      adapter = undefined
    }
    if (!adapter?.feeRates || !network) {
      setState({ state: 'none' })
      return
    }
    let live = true
    setState({ state: 'loading' })
    adapter.feeRates({ network }).then(
      (rates) => {
        if (live) setState({ state: 'ready', rates: feeRateChoices(rates) })
      },
      () => {
        if (live) setState({ state: 'failed' })
      },
    )
    return () => {
      live = false
    }
  }, [controller, namespace, network])
  return state
}
