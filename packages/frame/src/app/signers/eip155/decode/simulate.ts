import { decodeAbiParameters, decodeErrorResult, type Hex, isHex, toHex } from 'viem'
import { t } from '../../../i18n/index.js'
import { decodeCalldata } from './calldata.js'

export type Request = (args: { method: string; params: unknown[] }) => Promise<unknown>

/** One change to the account's holdings; `amount` is positive for what it receives. */
export interface Effect {
  kind: 'native' | 'erc20' | 'erc721' | 'erc1155'
  /** The token contract; undefined for the native currency. */
  token?: string | undefined
  id?: bigint | undefined
  amount: bigint
}

export type Simulation =
  | { status: 'success'; effects: Effect[]; source: 'simulation' | 'calldata' }
  | { status: 'revert'; reason: string }
  | { status: 'unavailable'; reason: string }

export interface SimulatedTx {
  from: Hex
  to?: Hex | undefined
  value?: bigint | undefined
  data?: Hex | undefined
}

const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const TRANSFER_SINGLE = '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62'
const TRANSFER_BATCH = '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb'
// eth_simulateV1 reports native value moves as ERC-20 style logs from this address.
const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

interface Log {
  address: string
  topics: Hex[]
  data: Hex
}

const topicAddress = (topic: Hex | undefined) => (topic ? `0x${topic.slice(26)}`.toLowerCase() : '')

/** Nets the account's transfers per asset; an asset that comes back in full is left out. */
export function effectsFromLogs(logs: Log[], account: string): Effect[] {
  const me = account.toLowerCase()
  const net = new Map<string, Effect>()
  const add = (effect: Effect, from: string, to: string) => {
    const sign = (to === me ? 1n : 0n) - (from === me ? 1n : 0n)
    if (sign === 0n) return
    const key = `${effect.kind}:${effect.token ?? ''}:${effect.id ?? ''}`
    const current = net.get(key)
    net.set(key, { ...effect, amount: (current?.amount ?? 0n) + sign * effect.amount })
  }
  for (const log of logs) {
    const [topic0, t1, t2, t3] = log.topics
    const token = log.address.toLowerCase()
    if (topic0 === TRANSFER && log.topics.length === 3) {
      const amount = BigInt(log.data === '0x' ? 0 : log.data.slice(0, 66))
      const kind = token === NATIVE ? 'native' : 'erc20'
      add(
        { kind, token: kind === 'native' ? undefined : token, amount },
        topicAddress(t1),
        topicAddress(t2),
      )
    } else if (topic0 === TRANSFER && log.topics.length === 4) {
      add(
        { kind: 'erc721', token, id: BigInt(t3!), amount: 1n },
        topicAddress(t1),
        topicAddress(t2),
      )
    } else if (topic0 === TRANSFER_SINGLE) {
      const [id, amount] = decodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], log.data)
      add({ kind: 'erc1155', token, id, amount }, topicAddress(t2), topicAddress(t3))
    } else if (topic0 === TRANSFER_BATCH) {
      const [ids, amounts] = decodeAbiParameters(
        [{ type: 'uint256[]' }, { type: 'uint256[]' }],
        log.data,
      )
      ids.forEach((id, i) => {
        add(
          { kind: 'erc1155', token, id, amount: amounts[i] ?? 0n },
          topicAddress(t2),
          topicAddress(t3),
        )
      })
    }
  }
  return [...net.values()].filter((effect) => effect.amount !== 0n)
}

/** The revert reason in words: Error(string), Panic(uint256), or the node's own message. */
export function revertReason(data: unknown, message: unknown): string {
  if (typeof data === 'string' && isHex(data) && data.length >= 10) {
    try {
      const { errorName, args } = decodeErrorResult({ data })
      if (errorName === 'Error') return String(args?.[0])
      if (errorName === 'Panic') return `panic code ${String(args?.[0])}`
    } catch {
      return `custom error ${data.slice(0, 10)}`
    }
  }
  const text = typeof message === 'string' ? message : 'the transaction would fail'
  return text.replace(/^execution reverted:?\s*/i, '') || t('sim.noReason')
}

/** Finds revert data and a message anywhere in a viem/RPC error chain. */
function errorParts(error: unknown): { data: unknown; message: unknown } {
  let e = error as
    | { data?: unknown; details?: unknown; message?: unknown; cause?: unknown }
    | undefined
  let message: unknown
  for (let i = 0; e && i < 8; i++) {
    const data = typeof e.data === 'object' && e.data ? (e.data as { data?: unknown }).data : e.data
    if (typeof data === 'string' && isHex(data)) return { data, message: e.details ?? e.message }
    message ??= e.details
    e = e.cause as typeof e
  }
  return { data: undefined, message: message ?? (error as Error)?.message }
}

function callObject(tx: SimulatedTx) {
  return {
    from: tx.from,
    ...(tx.to ? { to: tx.to } : {}),
    ...(tx.value ? { value: toHex(tx.value) } : {}),
    ...(tx.data && tx.data !== '0x' ? { data: tx.data } : {}),
  }
}

/** What the calldata says leaves the account, when the node cannot trace the transfers. */
function effectsFromCalldata(tx: SimulatedTx): Effect[] {
  const effects: Effect[] = []
  if (tx.value) effects.push({ kind: 'native', amount: -tx.value })
  const call = tx.to && tx.data ? decodeCalldata(tx.to, tx.data) : undefined
  const out = call?.tokenOut
  if (out && (!out.from || out.from.toLowerCase() === tx.from.toLowerCase()))
    effects.push({ kind: 'erc20', token: out.token.toLowerCase(), amount: -out.amount })
  return effects
}

/**
 * Runs the transaction on the network's node without sending it. With `eth_simulateV1` and
 * transfer tracing the node reports every native and token move; a node or proxy without it
 * still tells, through `eth_call`, whether the transaction would revert and why.
 */
export async function simulateTransaction(request: Request, tx: SimulatedTx): Promise<Simulation> {
  try {
    const blocks = (await request({
      method: 'eth_simulateV1',
      params: [{ blockStateCalls: [{ calls: [callObject(tx)] }], traceTransfers: true }, 'latest'],
    })) as {
      calls: {
        status: Hex
        returnData?: Hex
        logs?: Log[]
        error?: { message?: string; data?: Hex }
      }[]
    }[]
    const result = blocks[0]?.calls[0]
    if (!result) throw new Error('no result')
    if (result.status !== '0x1')
      return {
        status: 'revert',
        // Nodes put the revert data in error.data or (anvil) in returnData.
        reason: revertReason(result.error?.data ?? result.returnData, result.error?.message),
      }
    return {
      status: 'success',
      effects: effectsFromLogs(result.logs ?? [], tx.from),
      source: 'simulation',
    }
  } catch {
    // Not offered here (or it failed): fall back to a plain call.
  }
  try {
    await request({ method: 'eth_call', params: [callObject(tx), 'latest'] })
    return { status: 'success', effects: effectsFromCalldata(tx), source: 'calldata' }
  } catch (error) {
    const { data, message } = errorParts(error)
    if (data !== undefined || /revert/i.test(String(message)))
      return { status: 'revert', reason: revertReason(data, message) }
    return { status: 'unavailable', reason: String(message ?? t('sim.noAnswer')) }
  }
}
