import { type Hex, zeroAddress } from 'viem'
import type { ApprovalView, Field } from '../../../decode/view.js'
import { formatDecimal, t } from '../../../i18n/index.js'
import { type DecodedCall, decodeCalldata } from './calldata.js'
import {
  address,
  amountWithToken,
  nativeAmount,
  network,
  type TokenBook,
  tokenName,
} from './format.js'
import type { Effect, Simulation } from './simulate.js'
import { NATIVE, parseSwap } from './swap.js'
import { type SwapContext, swapCall, swapSimulationDangers } from './swapView.js'

/** What the review step learned about a transaction from the chain before showing it. */
export interface TransactionFacts {
  chainId: number
  from: Hex
  to?: Hex | undefined
  value: bigint
  data?: Hex | undefined
  /** Whether `to` has code; undefined when the node could not say. */
  toIsContract?: boolean | undefined
  /** gas × max fee per gas, in wei. */
  fee?: bigint | undefined
  nativeBalance?: bigint | undefined
  /** The account's balance of the token a decoded transfer moves. */
  tokenBalance?: bigint | undefined
  tokens?: TokenBook | undefined
  simulation?: Simulation | undefined
  /** The chain's clock (its next block), in Unix seconds, for a swap's deadline. */
  now?: bigint | undefined
}

const nativeSymbols: Record<number, string> = { 56: 'BNB', 137: 'POL' }
export const nativeSymbol = (chainId: number) => nativeSymbols[chainId] ?? 'ETH'

function effectText(effect: Effect, chainId: number, tokens?: TokenBook): string {
  const size = effect.amount < 0n ? -effect.amount : effect.amount
  if (effect.kind === 'native') return nativeAmount(size, nativeSymbol(chainId))
  if (effect.kind === 'erc20') return amountWithToken(size, effect.token!, tokens)
  return t('amount.itemsOf', {
    count: formatDecimal(size.toString()),
    id: String(effect.id),
    token: address(effect.token),
  })
}

/** The start both whole-balance dangers share ('This sends your whole …'), in the active language. */
export const isWholeBalanceDanger = (danger: string) =>
  danger.startsWith(t('tx.wholeBalance').split('{')[0]!)

/** The token a balance is in, as amountWithToken names it, without the amount. */
function tokenLabel(token: string, tokens?: TokenBook): string {
  const info = tokens?.get(token.toLowerCase())
  return info ? info.symbol : tokenName(token)
}

/** The simulated balance changes in words, and the danger of a transaction that would fail. */
export function effectsSection(facts: TransactionFacts): { fields: Field[]; dangers: string[] } {
  const simulation = facts.simulation
  if (!simulation)
    return { fields: [{ label: t('tx.notSimulated'), value: t('tx.noSimulation') }], dangers: [] }
  if (simulation.status === 'revert')
    return {
      fields: [
        { label: t('tx.wouldFail'), value: t('tx.wouldRevert', { reason: simulation.reason }) },
      ],
      dangers: [t('tx.revertDanger', { reason: simulation.reason })],
    }
  if (simulation.status === 'unavailable')
    return {
      fields: [
        {
          label: t('tx.unknown'),
          value: t('tx.simulationUnavailable', { reason: simulation.reason }),
        },
      ],
      dangers: [],
    }
  const send = simulation.effects.filter((e) => e.amount < 0n)
  const receive = simulation.effects.filter((e) => e.amount > 0n)
  const fields: Field[] = [
    ...send.map((e) => ({
      label: t('tx.youSend'),
      value: effectText(e, facts.chainId, facts.tokens),
      mono: true,
    })),
    ...receive.map((e) => ({
      label: t('tx.youReceive'),
      value: effectText(e, facts.chainId, facts.tokens),
      mono: true,
    })),
  ]
  if (!fields.length) fields.push({ label: t('tx.balanceChanges'), value: t('tx.none') })
  if (simulation.source === 'calldata')
    fields.push({
      label: t('tx.note'),
      value: t('tx.calldataNote'),
    })
  return { fields, dangers: [] }
}

/** The approval screen for `eth_sendTransaction`, from parsed values and chain facts. */
export function transactionView(facts: TransactionFacts): ApprovalView {
  const dangers: string[] = []
  const symbol = nativeSymbol(facts.chainId)
  const swap = facts.to ? parseSwap(facts.data, facts.value) : undefined
  const swapContext: SwapContext = {
    account: facts.from === zeroAddress ? undefined : facts.from,
    now: facts.now ?? BigInt(Math.floor(Date.now() / 1000)),
    nativeSymbol: symbol,
    tokens: facts.tokens,
  }
  const call: DecodedCall | undefined =
    (facts.to && facts.data ? decodeCalldata(facts.to, facts.data, facts.tokens) : undefined) ??
    (swap ? swapCall(swap, swapContext) : undefined)
  const hasData = facts.data !== undefined && facts.data !== '0x'
  const summary: string[] = []
  if (call) {
    summary.push(call.sentence)
    dangers.push(...call.dangers)
  } else if (hasData)
    summary.push(
      facts.to ? t('tx.undescribedCall', { address: address(facts.to) }) : t('tx.deploy'),
    )
  // A swap's sentence already says what the value pays for.
  if (facts.value > 0n && facts.to && swap?.tokenIn !== NATIVE)
    summary.unshift(
      t('tx.sendValue', { amount: nativeAmount(facts.value, symbol), address: address(facts.to) }),
    )

  if (
    facts.nativeBalance !== undefined &&
    facts.value > 0n &&
    facts.value + (facts.fee ?? 0n) >= facts.nativeBalance
  )
    dangers.push(t('tx.wholeBalance', { symbol }))
  const out = call?.tokenOut
  if (
    out &&
    facts.tokenBalance !== undefined &&
    out.amount > 0n &&
    out.amount >= facts.tokenBalance &&
    (!out.from || out.from.toLowerCase() === facts.from.toLowerCase())
  )
    dangers.push(t('tx.wholeTokenBalance', { token: tokenLabel(out.token, facts.tokens) }))

  const effects = effectsSection(facts)
  dangers.push(...effects.dangers)
  if (swap) dangers.push(...swapSimulationDangers(swap, facts.simulation, swapContext))
  const to = !facts.to
    ? t('tx.newContract')
    : facts.toIsContract === true
      ? t('tx.contract', { address: address(facts.to) })
      : facts.toIsContract === false
        ? t('tx.account', { address: address(facts.to) })
        : address(facts.to)
  const details: Field[] = [
    { label: t('tx.network'), value: network(facts.chainId) },
    { label: t('tx.from'), value: address(facts.from), mono: true },
    { label: t('tx.to'), value: to, mono: true },
    { label: t('tx.value'), value: nativeAmount(facts.value, symbol), mono: true },
    {
      label: t('tx.fee'),
      value:
        facts.fee === undefined
          ? t('tx.unknown')
          : t('tx.feeUpTo', { amount: nativeAmount(facts.fee, symbol) }),
      mono: true,
    },
  ]
  const sections = [
    { title: t('tx.sectionEffects'), fields: effects.fields },
    { title: t('tx.sectionTransaction'), fields: details },
  ]
  if (call)
    sections.push({ title: t('tx.sectionCall', { name: call.functionName }), fields: call.fields })
  return {
    title: t('tx.title'),
    dangers,
    summary,
    sections,
    ...(hasData ? { raw: { label: t('tx.rawData'), text: facts.data! } } : {}),
  }
}
