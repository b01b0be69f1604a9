import type { Field } from '../../../decode/view.js'
import { formatUtc, t } from '../../../i18n/index.js'
import type { DecodedCall } from './calldata.js'
import { address, amountWithToken, date, nativeAmount, type TokenBook } from './format.js'
import type { Simulation } from './simulate.js'
import { NATIVE, type ParsedSwap } from './swap.js'

/**
 * Every user-facing string of the swap review, from the frame's catalogue (i18n/en.ts, `swap.*`)
 * in the frame's language, read when the view is built.
 */
export const swapText = {
  sentenceExactIn: (pay: string, get: string) => t('swap.sentenceExactIn', { pay, get }),
  sentenceExactOut: (pay: string, get: string) => t('swap.sentenceExactOut', { pay, get }),
  sentTo: (sentence: string, recipient: string) => t('swap.sentTo', { sentence, recipient }),
  get venue() {
    return t('swap.venue')
  },
  venueValue: (venue: string) => t('swap.venueValue', { venue }),
  get route() {
    return t('swap.route')
  },
  get pay() {
    return t('swap.pay')
  },
  get payAtMost() {
    return t('swap.payAtMost')
  },
  get receiveAtLeast() {
    return t('swap.receiveAtLeast')
  },
  get receiveExactly() {
    return t('swap.receiveExactly')
  },
  get recipient() {
    return t('swap.recipient')
  },
  yourAccount: (who: string) => t('swap.yourAccount', { who }),
  notYourAccount: (who: string) => t('swap.notYourAccount', { who }),
  get deadline() {
    return t('swap.deadline')
  },
  get noDeadline() {
    return t('swap.noDeadline')
  },
  get neverExpires() {
    return t('swap.neverExpires')
  },
  inTime: (span: string) => t('swap.inTime', { span }),
  expiredAgo: (span: string) => t('swap.expiredAgo', { span }),
  get underAMinute() {
    return t('swap.underAMinute')
  },
  minutes: (n: number) => (n === 1 ? t('swap.minute') : t('swap.minutes', { n })),
  hours: (n: number) => (n === 1 ? t('swap.hour') : t('swap.hours', { n })),
  days: (n: number) => (n === 1 ? t('swap.day') : t('swap.days', { n })),
  dangerRecipient: (recipient: string) => t('swap.dangerRecipient', { recipient }),
  dangerExpired: (when: string) => t('swap.dangerExpired', { when }),
  dangerFarDeadline: (when: string) => t('swap.dangerFarDeadline', { when }),
  get dangerNoMinimum() {
    return t('swap.dangerNoMinimum')
  },
  dangerNotReceived: (amount: string) => t('swap.dangerNotReceived', { amount }),
}

/** A deadline further ahead than this is flagged: routers' own apps use 20–30 minutes. */
export const FAR_DEADLINE_SECONDS = 24n * 60n * 60n

export interface SwapContext {
  /** The account that sends the swap; undefined when the review does not know it. */
  account?: string | undefined
  /** The chain's clock (its next block), else the device's, in Unix seconds. */
  now: bigint
  nativeSymbol: string
  tokens?: TokenBook | undefined
}

const amountOf = (value: bigint, token: string, context: SwapContext) =>
  token === NATIVE
    ? nativeAmount(value, context.nativeSymbol)
    : amountWithToken(value, token, context.tokens)

function tokenLabel(token: string, tokens?: TokenBook): string {
  const info = tokens?.get(token)
  return info ? `${info.symbol} (${address(token)})` : address(token)
}

/** A duration to the nearest whole unit: the seconds between reading the clock and now blur. */
function span(seconds: bigint): string {
  const nearest = (unit: bigint) => Number((seconds + unit / 2n) / unit)
  if (seconds < 60n) return swapText.underAMinute
  if (seconds < 2n * 3600n) return swapText.minutes(nearest(60n))
  if (seconds < 2n * 86400n) return swapText.hours(nearest(3600n))
  return swapText.days(nearest(86400n))
}

/** "2026-11-28 02:10 UTC (in 20 minutes)"; a deadline of 0 is long past. */
export function deadlineText(deadline: bigint, now: bigint): string {
  // date() reads 0 as "no expiry" (permits do); a router reads it as long past.
  const when = deadline === 0n ? formatUtc(new Date(0)) : date(deadline)
  if (when === t('date.noExpiry')) return swapText.neverExpires
  const relative =
    deadline < now
      ? swapText.expiredAgo(span(now - deadline))
      : swapText.inTime(span(deadline - now))
  return `${when} (${relative})`
}

const isAccount = (who: string, context: SwapContext) =>
  context.account !== undefined && who.toLowerCase() === context.account.toLowerCase()

function dangers(swap: ParsedSwap, context: SwapContext, recipient: string | undefined): string[] {
  const found: string[] = []
  // Without the sender's address the review cannot tell; the transaction review always has it.
  if (recipient && context.account && !isAccount(recipient, context))
    found.push(swapText.dangerRecipient(address(recipient)))
  if (swap.deadline !== undefined) {
    const text = deadlineText(swap.deadline, context.now)
    if (swap.deadline < context.now) found.push(swapText.dangerExpired(text))
    else if (swap.deadline - context.now > FAR_DEADLINE_SECONDS)
      found.push(swapText.dangerFarDeadline(text))
  }
  if (swap.exactIn && swap.amountOut === 0n) found.push(swapText.dangerNoMinimum)
  return found
}

/** The swap in words, its fields and its dangers, as the transaction review shows a call. */
export function swapCall(swap: ParsedSwap, context: SwapContext): DecodedCall {
  const pay = amountOf(swap.amountIn, swap.tokenIn, context)
  const get = amountOf(swap.amountOut, swap.tokenOut, context)
  const recipient = swap.recipient ?? context.account
  let sentence = swap.exactIn
    ? swapText.sentenceExactIn(pay, get)
    : swapText.sentenceExactOut(pay, get)
  if (recipient && context.account && !isAccount(recipient, context))
    sentence = swapText.sentTo(sentence, address(recipient))
  const route = swap.path ?? [swap.tokenIn, swap.tokenOut]
  const fields: Field[] = [
    { label: swapText.venue, value: swapText.venueValue(swap.venue) },
    {
      label: swapText.route,
      value: route
        .map((t) => (t === NATIVE ? context.nativeSymbol : tokenLabel(t, context.tokens)))
        .join(' → '),
      mono: true,
    },
    { label: swap.exactIn ? swapText.pay : swapText.payAtMost, value: pay, mono: true },
    {
      label: swap.exactIn ? swapText.receiveAtLeast : swapText.receiveExactly,
      value: get,
      mono: true,
    },
  ]
  if (recipient)
    fields.push({
      label: swapText.recipient,
      value: isAccount(recipient, context)
        ? swapText.yourAccount(address(recipient))
        : context.account
          ? swapText.notYourAccount(address(recipient))
          : address(recipient),
      mono: true,
    })
  fields.push({
    label: swapText.deadline,
    value:
      swap.deadline === undefined ? swapText.noDeadline : deadlineText(swap.deadline, context.now),
  })
  return {
    functionName: swap.functionName,
    sentence,
    fields,
    dangers: dangers(swap, context, recipient),
  }
}

/**
 * The call's words come from the calldata, which any contract can mimic; the simulation says
 * what really moves. When the account is the recipient and the simulation traced transfers, it
 * must show the account receiving at least the amount the call promises.
 */
export function swapSimulationDangers(
  swap: ParsedSwap,
  simulation: Simulation | undefined,
  context: SwapContext,
): string[] {
  if (simulation?.status !== 'success' || simulation.source !== 'simulation') return []
  const recipient = swap.recipient ?? context.account
  if (!recipient || !isAccount(recipient, context)) return []
  const received = simulation.effects
    .filter((e) =>
      swap.tokenOut === NATIVE
        ? e.kind === 'native'
        : e.kind === 'erc20' && e.token?.toLowerCase() === swap.tokenOut,
    )
    .reduce((sum, e) => sum + e.amount, 0n)
  if (received >= swap.amountOut) return []
  return [swapText.dangerNotReceived(amountOf(swap.amountOut, swap.tokenOut, context))]
}
