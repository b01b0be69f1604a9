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

/** What the wire row of one user operation says about its sender and outcome. */
export interface OperationView {
  from: Address
  to: Address | null
  status: 'confirmed' | 'failed'
  nonce: number
  /** The viewer's value legs that this row shows, without the fee its operations prepaid. */
  events: ChainEvent[]
  /** Those of the legs its own operation made: what the row's operation type is read from. */
  own: ChainEvent[]
  /** The user operation hash, as 0x and 64 hex digits. */
  hash: Hash
  /** actualGasCost in wei: paid by the paymaster when there is one, else by the account. */
  fee: bigint
  paymaster: Address | null
}

const opHash = (op: ChainEvent) => `0x${(op.tokenId ?? 0n).toString(16).padStart(64, '0')}` as Hash

/**
 * The transaction as the smart account `viewer` sees it: one view per user operation of the
 * viewer in it, in the order the EntryPoint ran them; none when it holds none (then the
 * transaction is shown as it is). `events` may hold every event of the transaction; the history
 * query gives the viewer's and every operation's.
 *
 * - Sent by the smart account, not by the bundler that paid the gas and was refunded.
 * - Failed when its operation failed, though the bundler's transaction succeeded.
 * - The ETH the account prefunded to the EntryPoint during validation is the operation's fee, not
 *   a transfer, so it is left out, as an EOA's gas is; a sponsored operation never had such a leg.
 *   The fee itself comes from the operation's event (actualGasCost), with who paid it.
 * - The EntryPoint logs each operation's UserOperationEvent right after its calls, so a log belongs
 *   to the first operation logged after it. The viewer's legs together still add up to its balance
 *   change: a log leg goes to the viewer's first operation logged after it (the last one when none
 *   is). When that log belongs to another sender's operation (it paid the viewer in the same
 *   bundle), it is a leg but does not count toward the type.
 * - Internal ETH transfers (from traces) have no log position, so they cannot be told apart
 *   between two operations of the same account: they go to its first one.
 */
export function operationViews(
  viewer: Address,
  events: readonly ChainEvent[],
  txStatus: 'confirmed' | 'failed',
): OperationView[] {
  const allOps = events
    .filter((e) => isUserOperationKind(e.kind))
    .sort((a, b) => a.logIndex - b.logIndex)
  const ops = allOps.filter((e) => e.from === viewer)
  if (ops.length === 0) return []
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
  const slotOf = (e: ChainEvent) => {
    if (e.logIndex < 0) return 0
    const next = ops.findIndex((op) => op.logIndex > e.logIndex)
    return next === -1 ? ops.length - 1 : next
  }
  const isOwn = (e: ChainEvent) => {
    if (e.logIndex < 0) return true
    const owner = allOps.find((op) => op.logIndex > e.logIndex)
    return !owner || owner.from === viewer
  }
  return ops.map((op, slot) => {
    const mine = legs.filter((e) => slotOf(e) === slot)
    const own = mine.filter(isOwn)
    const counterpart = own.find((e) => e.from === viewer && e.to !== viewer)?.to
    const failed = txStatus === 'failed' || op.kind === 'user_operation_failed'
    return {
      from: viewer,
      to: counterpart ?? op.to,
      status: failed ? 'failed' : 'confirmed',
      nonce: op.item,
      events: mine,
      own,
      hash: opHash(op),
      fee: op.amount,
      paymaster: op.token,
    }
  })
}
