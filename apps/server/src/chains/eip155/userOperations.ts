import { type Address, type Hash, type Hex, hexToBigInt } from 'viem'
import type { ChainEvent, EventKind } from './types.js'

/**
 * ERC-4337 user operations in the history. A bundler sends one `handleOps` transaction for one or
 * more smart accounts' operations; the EntryPoint then logs one `UserOperationEvent` per operation.
 * That event is what names the smart account (its `sender`) and says whether its calls succeeded:
 * the transaction's own status is the bundler's, and stays "confirmed" when an operation failed.
 *
 * The event is stored as a row of chain_events (no new table, so rollbacks, participation and the
 * page query cover it unchanged), laid out as:
 *   kind     'user_operation' (its calls succeeded) or 'user_operation_failed'
 *   from     the smart account (so it enters the account's participation index)
 *   to       the EntryPoint that emitted it
 *   token    the paymaster that paid the fee, or null when the account paid
 *   tokenId  the user operation hash (a bytes32, stored as the uint256 it reads as)
 *   item     the nonce's sequence (its low 64 bits, capped to fit the column), shown as the row's nonce
 *   amount   actualGasCost, the fee in wei
 */

/** keccak256("UserOperationEvent(bytes32,address,address,uint256,bool,uint256,uint256)"): v0.6, v0.7 and v0.8 alike. */
export const TOPIC_USER_OPERATION_EVENT =
  '0x49628fd1471006c1482da88028e9ce4dbb080b815c9b0344d39e5a8e6ec1419f'

/**
 * The EntryPoints whose events are believed. Anyone can deploy a contract that emits an event of
 * the same shape naming someone else's account; trusting every emitter would let a stranger write
 * rows into any account's history. These are the canonical addresses (deterministic deployments,
 * the same on every chain and on the dev chain).
 */
export const ENTRY_POINTS: ReadonlySet<string> = new Set([
  '0x5ff137d4b0fdcd49dca30c7cf57e578a026d2789', // v0.6
  '0x0000000071727de22e5e9d8baf0edac6f37da032', // v0.7
  '0x4337084d9e255ff0702461cf8895ce9e3b5ff108', // v0.8
])

const KINDS: ReadonlySet<string> = new Set(['user_operation', 'user_operation_failed'])
const ZERO = '0x0000000000000000000000000000000000000000'
const MAX_ITEM = 2 ** 31 - 1

export function isUserOperationKind(kind: EventKind): boolean {
  return KINDS.has(kind)
}

interface UserOperationLog {
  address: string
  topics: readonly string[]
  data: string
  logIndex: string | number
  transactionHash: string
}

/**
 * The event of one user operation, or null when the log is not one: another topic, an emitter that
 * is not a known EntryPoint, or the wrong shape (3 indexed topics after the signature, 4 words of data).
 */
export function decodeUserOperationLog(log: UserOperationLog): ChainEvent | null {
  if (log.topics[0]?.toLowerCase() !== TOPIC_USER_OPERATION_EVENT) return null
  const emitter = log.address.toLowerCase()
  if (!ENTRY_POINTS.has(emitter)) return null
  if (log.topics.length !== 4 || log.data.length !== 2 + 4 * 64) return null
  const word = (i: number) => hexToBigInt(`0x${log.data.slice(2 + i * 64, 2 + (i + 1) * 64)}`)
  const topicAddress = (topic: string) => `0x${topic.slice(26).toLowerCase()}` as Address
  const success = word(1)
  if (success > 1n) return null
  const paymaster = topicAddress(log.topics[3]!)
  const sequence = word(0) & 0xffffffffffffffffn
  return {
    txHash: log.transactionHash.toLowerCase() as Hash,
    logIndex: typeof log.logIndex === 'number' ? log.logIndex : Number(log.logIndex),
    item: sequence > BigInt(MAX_ITEM) ? MAX_ITEM : Number(sequence),
    kind: success === 1n ? 'user_operation' : 'user_operation_failed',
    token: paymaster === ZERO ? null : paymaster,
    tokenId: hexToBigInt(log.topics[1] as Hex),
    from: topicAddress(log.topics[2]!),
    to: emitter as Address,
    amount: word(2),
  }
}

/** What the wire row of a transaction says about its sender and outcome. */
export interface OperationView {
  from: Address
  to: Address | null
  status: 'confirmed' | 'failed'
  nonce: number
  /** The viewer's value legs in the transaction, without the fee its operations prepaid. */
  events: ChainEvent[]
  /** Those of the legs its own operations made: what the row's operation type is read from. */
  own: ChainEvent[]
}

/**
 * The transaction as the smart account `viewer` sees it when it holds the viewer's user
 * operation(s); null when it holds none (then the transaction is shown as it is). `events` may
 * hold every event of the transaction; the history query gives the viewer's and every operation's.
 *
 * - Sent by the smart account, not by the bundler that paid the gas and was refunded.
 * - Failed when any of its operations failed, though the bundler's transaction succeeded.
 * - The ETH the account prefunded to the EntryPoint during validation is the operation's fee, not
 *   a transfer, so it is left out, as an EOA's gas is; a sponsored operation never had such a leg.
 * - Its legs are all the viewer's transfers in the transaction, so the row still adds up to the
 *   balance change. But when another account's operation in the same bundle paid the viewer,
 *   that payment is not what the viewer's operation did: the EntryPoint logs each operation's
 *   UserOperationEvent right after its calls, so a log belongs to the first operation logged after
 *   it, and a log that belongs to another sender's operation does not count toward the type.
 *   Internal ETH transfers have no log position; they count as the viewer's own.
 */
export function operationView(
  viewer: Address,
  events: readonly ChainEvent[],
  txStatus: 'confirmed' | 'failed',
): OperationView | null {
  const allOps = events
    .filter((e) => isUserOperationKind(e.kind))
    .sort((a, b) => a.logIndex - b.logIndex)
  const ops = allOps.filter((e) => e.from === viewer)
  if (ops.length === 0) return null
  const entryPoints = new Set(ops.map((op) => op.to))
  const legs = events.filter(
    (e) =>
      !isUserOperationKind(e.kind) &&
      (e.from === viewer || e.to === viewer) &&
      !(
        (e.kind === 'internal' || e.kind === 'native') &&
        e.from === viewer &&
        entryPoints.has(e.to)
      ),
  )
  const own = legs.filter((e) => {
    if (e.logIndex < 0) return true
    const owner = allOps.find((op) => op.logIndex > e.logIndex)
    return !owner || owner.from === viewer
  })
  const counterpart = own.find((e) => e.from === viewer && e.to !== viewer)?.to
  const failed = txStatus === 'failed' || ops.some((op) => op.kind === 'user_operation_failed')
  return {
    from: viewer,
    to: counterpart ?? ops[0]!.to,
    status: failed ? 'failed' : 'confirmed',
    nonce: ops[0]!.item,
    events: legs,
    own,
  }
}
