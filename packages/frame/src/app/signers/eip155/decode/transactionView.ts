import { formatEther, type Hex, zeroAddress } from 'viem'
import type { ApprovalView, Field } from '../../../decode/view.js'
import { type DecodedCall, decodeCalldata } from './calldata.js'
import { address, amountWithToken, network, type TokenBook } from './format.js'
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
  if (effect.kind === 'native') return `${formatEther(size)} ${nativeSymbol(chainId)}`
  if (effect.kind === 'erc20') return amountWithToken(size, effect.token!, tokens)
  return `${size} × item #${effect.id} of ${address(effect.token)}`
}

/** The simulated balance changes in words, and the danger of a transaction that would fail. */
export function effectsSection(facts: TransactionFacts): { fields: Field[]; dangers: string[] } {
  const simulation = facts.simulation
  if (!simulation)
    return { fields: [{ label: 'Not simulated', value: 'No simulation ran.' }], dangers: [] }
  if (simulation.status === 'revert')
    return {
      fields: [
        { label: 'Would fail', value: `The transaction would revert: ${simulation.reason}` },
      ],
      dangers: [
        `This transaction would fail (revert: ${simulation.reason}). You would still pay the fee.`,
      ],
    }
  if (simulation.status === 'unavailable')
    return {
      fields: [{ label: 'Unknown', value: `The simulation could not run: ${simulation.reason}` }],
      dangers: [],
    }
  const send = simulation.effects.filter((e) => e.amount < 0n)
  const receive = simulation.effects.filter((e) => e.amount > 0n)
  const fields: Field[] = [
    ...send.map((e) => ({
      label: 'You send',
      value: effectText(e, facts.chainId, facts.tokens),
      mono: true,
    })),
    ...receive.map((e) => ({
      label: 'You receive',
      value: effectText(e, facts.chainId, facts.tokens),
      mono: true,
    })),
  ]
  if (!fields.length) fields.push({ label: 'Balance changes', value: 'None' })
  if (simulation.source === 'calldata')
    fields.push({
      label: 'Note',
      value: 'Checked with a plain call; token moves are read from the request itself.',
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
      facts.to
        ? `Call contract ${address(facts.to)} with data it did not describe`
        : 'Deploy a contract',
    )
  // A swap's sentence already says what the value pays for.
  if (facts.value > 0n && facts.to && swap?.tokenIn !== NATIVE)
    summary.unshift(`Send ${formatEther(facts.value)} ${symbol} to ${address(facts.to)}`)

  if (
    facts.nativeBalance !== undefined &&
    facts.value > 0n &&
    facts.value + (facts.fee ?? 0n) >= facts.nativeBalance
  )
    dangers.push(`This sends your whole ${symbol} balance.`)
  const out = call?.tokenOut
  if (
    out &&
    facts.tokenBalance !== undefined &&
    out.amount > 0n &&
    out.amount >= facts.tokenBalance &&
    (!out.from || out.from.toLowerCase() === facts.from.toLowerCase())
  )
    dangers.push(
      `This sends your whole balance of ${amountWithToken(facts.tokenBalance, out.token, facts.tokens).replace(/^[\d.]+ /, '')}.`,
    )

  const effects = effectsSection(facts)
  dangers.push(...effects.dangers)
  if (swap) dangers.push(...swapSimulationDangers(swap, facts.simulation, swapContext))
  const to = facts.to
    ? `${address(facts.to)}${facts.toIsContract === true ? ' (contract)' : facts.toIsContract === false ? ' (account)' : ''}`
    : '(new contract)'
  const details: Field[] = [
    { label: 'Network', value: network(facts.chainId) },
    { label: 'From', value: address(facts.from), mono: true },
    { label: 'To', value: to, mono: true },
    { label: 'Value', value: `${formatEther(facts.value)} ${symbol}`, mono: true },
    {
      label: 'Fee estimate',
      value: facts.fee === undefined ? 'Unknown' : `up to ${formatEther(facts.fee)} ${symbol}`,
      mono: true,
    },
  ]
  const sections = [
    { title: 'Simulated effects', fields: effects.fields },
    { title: 'Transaction', fields: details },
  ]
  if (call) sections.push({ title: `Call: ${call.functionName}`, fields: call.fields })
  return {
    title: 'Send transaction',
    dangers,
    summary,
    sections,
    ...(hasData ? { raw: { label: 'Raw data (hex)', text: facts.data! } } : {}),
  }
}
