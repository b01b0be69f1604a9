import {
  decodeAbiParameters,
  encodeFunctionData,
  erc20Abi,
  fromHex,
  type Hex,
  hexToString,
  isAddress,
  isHex,
  toHex,
} from 'viem'
import { messageView } from '../../decode/message.js'
import type { ApprovalView } from '../../decode/view.js'
import { FrameError } from '../../handler.js'
import { t } from '../../i18n/index.js'
import { decodeCalldata } from './decode/calldata.js'
import { chainClock } from './decode/clock.js'
import type { TokenBook, TokenInfo } from './decode/format.js'
import { recognise } from './decode/permits.js'
import { type Request, type Simulation, simulateTransaction } from './decode/simulate.js'
import { parseSwap, swapTokens } from './decode/swap.js'
import {
  effectsSection,
  isWholeBalanceDanger,
  type TransactionFacts,
  transactionView,
} from './decode/transactionView.js'
import { type ParsedTypedData, parseTypedData } from './decode/typedData.js'
import { typedDataView } from './decode/typedDataView.js'

export interface ReviewContext {
  chainId: number
  origin: string
  account: Hex
  request: Request
  usedContracts?: ReadonlySet<string> | undefined
}

export interface TxParams {
  from?: string
  to?: Hex
  value?: Hex
  data?: Hex
  gas?: Hex
  nonce?: Hex
}

/** A lookup the screen can do without: its failure leaves the fact unknown, never the view. */
const maybe = <value>(promise: Promise<value>) => promise.catch(() => undefined)

async function tokenInfo(request: Request, token: string): Promise<TokenInfo | undefined> {
  const call = (data: Hex) =>
    request({ method: 'eth_call', params: [{ to: token, data }, 'latest'] }) as Promise<Hex>
  const [symbolHex, decimalsHex] = await Promise.all([
    call(encodeFunctionData({ abi: erc20Abi, functionName: 'symbol' })),
    call(encodeFunctionData({ abi: erc20Abi, functionName: 'decimals' })),
  ])
  let symbol: string
  try {
    symbol = decodeAbiParameters([{ type: 'string' }], symbolHex)[0]
  } catch {
    // Some old tokens return their symbol as bytes32.
    symbol = hexToString(symbolHex, { size: 32 }).replace(/\0+$/, '')
  }
  const decimals = Number(fromHex(decimalsHex, 'bigint'))
  if (!symbol || decimals > 77) return undefined
  // A symbol is the token's own claim; keep it short and printable so it cannot pose as a sentence.
  return { symbol: symbol.replace(/[^\p{L}\p{N}$._-]/gu, '').slice(0, 16) || '?', decimals }
}

export async function tokenBook(request: Request, tokens: string[]): Promise<TokenBook> {
  const unique = [...new Set(tokens.map((t) => t.toLowerCase()))].filter((t) => isAddress(t))
  const infos = await Promise.all(unique.map((t) => maybe(tokenInfo(request, t))))
  const book = new Map<string, TokenInfo>()
  for (const [i, t] of unique.entries()) {
    const info = infos[i]
    if (info) book.set(t, info)
  }
  return book
}

async function hasCode(request: Request, target: string): Promise<boolean | undefined> {
  const code = await maybe(
    request({ method: 'eth_getCode', params: [target, 'latest'] }) as Promise<Hex>,
  )
  return code === undefined ? undefined : code !== '0x'
}

export async function reviewTypedData(
  raw: unknown,
  context: ReviewContext,
): Promise<{ parsed: ParsedTypedData; view: ApprovalView }> {
  const parsed = parseTypedData(raw, context.chainId)
  const found = recognise(parsed)
  const spenders = found?.spenders ?? []
  const [tokens, codes] = await Promise.all([
    tokenBook(context.request, found?.tokens ?? []),
    Promise.all(spenders.map((s) => hasCode(context.request, s))),
  ])
  const codeMap = new Map<string, boolean>()
  for (const [i, s] of spenders.entries()) {
    const code = codes[i]
    if (code !== undefined) codeMap.set(s.toLowerCase(), code)
  }
  const view = typedDataView(parsed, {
    chainId: context.chainId,
    tokens,
    usedContracts: context.usedContracts,
    hasCode: codeMap,
  })
  return { parsed, view }
}

export async function reviewTransaction(
  tx: TxParams,
  context: ReviewContext,
): Promise<ApprovalView> {
  const { request, account } = context
  const value = tx.value ? fromHex(tx.value, 'bigint') : 0n
  const data = tx.data && isHex(tx.data) ? tx.data : undefined
  const call = tx.to && data ? decodeCalldata(tx.to, data) : undefined
  const out = call?.tokenOut
  const swap = tx.to ? parseSwap(data, value) : undefined
  const callObject = {
    from: account,
    ...(tx.to ? { to: tx.to } : {}),
    ...(value ? { value: toHex(value) } : {}),
    ...(data ? { data } : {}),
  }
  const [toIsContract, gas, gasPrice, nativeBalance, tokenBalance, tokens, simulation, now] =
    await Promise.all([
      tx.to ? hasCode(request, tx.to) : undefined,
      tx.gas
        ? fromHex(tx.gas, 'bigint')
        : maybe(
            request({ method: 'eth_estimateGas', params: [callObject] }).then((g) =>
              BigInt(g as Hex),
            ),
          ),
      maybe(request({ method: 'eth_gasPrice', params: [] }).then((p) => BigInt(p as Hex))),
      maybe(
        request({ method: 'eth_getBalance', params: [account, 'latest'] }).then((b) =>
          BigInt(b as Hex),
        ),
      ),
      out
        ? maybe(
            request({
              method: 'eth_call',
              params: [
                {
                  to: out.token,
                  data: encodeFunctionData({
                    abi: erc20Abi,
                    functionName: 'balanceOf',
                    args: [(out.from ?? account) as Hex],
                  }),
                },
                'latest',
              ],
            }).then((b) => BigInt(b as Hex)),
          )
        : undefined,
      tokenBook(request, [...(tx.to && data ? [tx.to] : []), ...(swap ? swapTokens(swap) : [])]),
      simulateTransaction(request, { from: account, to: tx.to, value, data }),
      // A swap's deadline is judged on the chain's clock, as the router will judge it.
      swap ? chainClock(request) : undefined,
    ])
  const effectTokens =
    simulation.status === 'success'
      ? simulation.effects.flatMap((e) => (e.kind === 'erc20' && e.token ? [e.token] : []))
      : []
  const more = await tokenBook(
    request,
    effectTokens.filter((t) => !tokens.has(t.toLowerCase())),
  )
  const facts: TransactionFacts = {
    chainId: context.chainId,
    from: account,
    to: tx.to,
    value,
    data,
    toIsContract,
    fee: gas !== undefined && gasPrice !== undefined ? gas * gasPrice : undefined,
    nativeBalance,
    tokenBalance,
    tokens: new Map([...tokens, ...more]),
    simulation,
    now,
  }
  return transactionView(facts)
}

export function reviewMessage(params: unknown[], origin: string): ApprovalView {
  const message = params[0]
  if (typeof message !== 'string') throw new FrameError('Invalid message', -32602)
  return messageView(message, origin)
}

/**
 * `wallet_sendCalls`: each call decoded as a transaction's calldata is, with the amounts in units
 * of the tokens `tokens` knows and the sender when it is known; the batch's simulated balance
 * changes when `simulation` is given (one call: as its own transaction shows them).
 */
export function reviewCalls(
  rawParams: unknown,
  chainId: number,
  known: { tokens?: TokenBook; from?: Hex; simulation?: Simulation; now?: bigint } = {},
): ApprovalView {
  const first = (Array.isArray(rawParams) ? rawParams[0] : rawParams) as
    | { calls?: unknown }
    | undefined
  const calls = Array.isArray(first?.calls) ? (first.calls as TxParams[]) : []
  if (!calls.length) return genericView('wallet_sendCalls', rawParams)
  const from = known.from ?? '0x0000000000000000000000000000000000000000'
  const single = calls.length === 1
  const views = calls.map((call) =>
    transactionView({
      chainId,
      from,
      tokens: known.tokens,
      to: call.to,
      value: call.value && isHex(call.value) ? fromHex(call.value, 'bigint') : 0n,
      data: call.data && isHex(call.data) ? call.data : undefined,
      simulation: single ? known.simulation : undefined,
      now: known.now,
    }),
  )
  // Several calls: their simulated effects are one net change of the whole batch.
  const batchEffects =
    !single && known.simulation
      ? effectsSection({
          chainId,
          from,
          value: 0n,
          tokens: known.tokens,
          simulation: known.simulation,
        })
      : undefined
  return {
    title: t('calls.title', { count: calls.length }),
    dangers: [
      ...(batchEffects?.dangers ?? []),
      ...views.flatMap((v) => v.dangers.filter((d) => !isWholeBalanceDanger(d))),
    ],
    summary: views.flatMap((v) => v.summary),
    sections: [
      ...(batchEffects ? [{ title: t('tx.sectionEffects'), fields: batchEffects.fields }] : []),
      ...views.flatMap((v, i) =>
        v.sections
          .filter(
            (section) => section.title !== t('tx.sectionEffects') || (single && known.simulation),
          )
          .map((section) => ({
            ...section,
            title: t('calls.section', { n: i + 1, title: section.title }),
            fields: section.fields.filter(
              (f) => f.label !== t('tx.from') && f.label !== t('tx.fee'),
            ),
          })),
      ),
    ],
  }
}

/** For methods without their own decoder: every parameter, in full. */
export function genericView(method: string, params: unknown): ApprovalView {
  return {
    title: method,
    dangers: [t('generic.danger')],
    summary: [],
    sections: [
      {
        title: t('generic.section'),
        fields: [
          { label: t('generic.parameters'), value: JSON.stringify(params, null, 2), mono: true },
        ],
      },
    ],
  }
}
