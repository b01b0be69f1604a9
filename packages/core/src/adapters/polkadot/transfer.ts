import type { ApiPromise, SubmittableResult } from '@polkadot/api'
import type { SubmittableExtrinsic } from '@polkadot/api/types'
import type { CaipNetwork } from '../../networks/types.js'
import type { SendEstimate, SendParameters } from '../types.js'
import type { ChainApis } from './api.js'
import {
  PolkadotInvalidAddressError,
  PolkadotTransactionError,
  PolkadotWalletError,
  walletError,
} from './errors.js'
import type { InjectedSigner } from './extensions.js'
import { ss58PrefixOf } from './networks.js'
import { existentialDepositOf, readBalance } from './read.js'
import { checkTransfer } from './send.js'
import { decodeSs58 } from './ss58.js'

/** What a Polkadot send's estimate carries: the chain's existential deposit and the receiver's. */
export interface PolkadotSendDetail {
  existentialDeposit: bigint
  receiverFree: bigint
}

export type TransactionStage =
  | { stage: 'ready' }
  | { stage: 'inBlock'; blockHash: string }
  | { stage: 'finalized'; blockHash: string; status: 'success' | 'reverted'; reason?: string }

interface Tracked {
  stages: TransactionStage[]
  listeners: Set<(stage: TransactionStage) => void>
  final: Promise<{ status: 'success' | 'reverted' }>
}

/**
 * The receiver must be an account of this network: SS58 with its prefix, or the generic 42 that
 * extensions list every account in. Another network's spelling is refused: it names an account
 * the visitor most likely meant to pay on that other chain.
 */
export function checkReceiver(address: string, network: CaipNetwork): void {
  const decoded = decodeSs58(address)
  if (!decoded) throw new PolkadotInvalidAddressError(address)
  const prefix = ss58PrefixOf(network)
  if (decoded.prefix !== prefix && decoded.prefix !== 42)
    throw new PolkadotInvalidAddressError(
      address,
      `This address is written for another network (SS58 prefix ${decoded.prefix}, ${network.name} uses ${prefix})`,
    )
}

/** The reason a dispatch failed, as the runtime's metadata names it (`balances.KeepAlive`). */
function dispatchReason(api: ApiPromise, result: SubmittableResult): string | undefined {
  const error = result.dispatchError
  if (!error) return undefined
  if (error.isModule) {
    try {
      const meta = api.registry.findMetaError(error.asModule)
      return `${meta.section}.${meta.name}`
    } catch {
      return error.toString()
    }
  }
  return error.type
}

export function createTransfers(apis: ChainApis) {
  const tracked = new Map<string, Tracked>()

  async function prepare(send: SendParameters) {
    if (send.tokenAddress) throw new PolkadotWalletError('Only the native token can be sent here')
    checkReceiver(send.to, send.network)
    const api = await apis.api(send.network)
    const tx = api.tx.balances?.transferKeepAlive?.(send.to, send.value)
    if (!tx) throw new PolkadotWalletError(`${send.network.name} has no balances.transferKeepAlive`)
    const [sender, receiver, info] = await Promise.all([
      readBalance(api, send.from),
      readBalance(api, send.to),
      tx.paymentInfo(send.from),
    ])
    const fee = info.partialFee.toBigInt()
    const existentialDeposit = existentialDepositOf(api)
    const check = () =>
      checkTransfer({
        value: send.value,
        fee,
        sender,
        receiverFree: receiver.free,
        existentialDeposit,
        decimals: send.network.nativeCurrency.decimals,
        symbol: send.network.nativeCurrency.symbol,
      })
    return { api, tx, fee, check, detail: { existentialDeposit, receiverFree: receiver.free } }
  }

  function track(hash: string, api: ApiPromise) {
    let settle!: (value: { status: 'success' | 'reverted' }) => void
    let fail!: (error: Error) => void
    const final = new Promise<{ status: 'success' | 'reverted' }>((resolve, reject) => {
      settle = resolve
      fail = reject
    })
    final.catch(() => {})
    const entry: Tracked = { stages: [], listeners: new Set(), final }
    tracked.set(hash, entry)
    const push = (stage: TransactionStage) => {
      entry.stages.push(stage)
      for (const listener of entry.listeners) listener(stage)
    }
    const update = (result: SubmittableResult) => {
      const { status } = result
      if (status.isReady) push({ stage: 'ready' })
      else if (status.isInBlock) push({ stage: 'inBlock', blockHash: status.asInBlock.toHex() })
      else if (status.isFinalized) {
        const reason = dispatchReason(api, result)
        const outcome = reason ? 'reverted' : 'success'
        push({
          stage: 'finalized',
          blockHash: status.asFinalized.toHex(),
          status: outcome,
          ...(reason && { reason }),
        })
        settle({ status: outcome })
        return true
      } else if (status.isInvalid || status.isDropped || status.isUsurped) {
        fail(new PolkadotTransactionError(`the pool reported it ${status.type.toLowerCase()}`))
        return true
      }
      return false
    }
    return { update, fail }
  }

  return {
    async estimate(send: SendParameters): Promise<SendEstimate<PolkadotSendDetail>> {
      const prepared = await prepare(send)
      // Before an amount is typed there is only a fee to show; then the deposit rules apply.
      if (send.value > 0n) prepared.check()
      return { fee: prepared.fee, detail: prepared.detail }
    },

    /** Checks, has the extension sign, submits and follows; resolves with the extrinsic hash. */
    async send(send: SendParameters, signer: InjectedSigner): Promise<string> {
      const { api, tx, check } = await prepare(send)
      check()
      try {
        await tx.signAsync(send.from, { signer: signer as never, nonce: -1 })
      } catch (error) {
        throw walletError(error, 'sign the transaction')
      }
      const hash = tx.hash.toHex()
      const { update, fail } = track(hash, api)
      let unsubscribe: (() => void) | undefined
      let done = false
      try {
        unsubscribe = await (tx as SubmittableExtrinsic<'promise'>).send((result) => {
          if (update(result)) {
            done = true
            unsubscribe?.()
          }
        })
        if (done) unsubscribe()
      } catch (error) {
        // Refused at submission (1010: a bad signature, an outdated nonce, no funds for the fee).
        const reason = error instanceof Error ? error.message : String(error)
        const refused = new PolkadotTransactionError(reason)
        fail(refused)
        tracked.delete(hash)
        throw refused
      }
      return hash
    },

    async wait(hash: string) {
      const entry = tracked.get(hash)
      if (!entry) throw new PolkadotTransactionError(`${hash} was not sent from this page`)
      return entry.final
    },

    watch(hash: string, listener: (stage: TransactionStage) => void) {
      const entry = tracked.get(hash)
      if (!entry) return () => {}
      for (const stage of entry.stages) listener(stage)
      entry.listeners.add(listener)
      return () => entry.listeners.delete(listener)
    },
  }
}
