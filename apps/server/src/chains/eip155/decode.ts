import { type Address, decodeAbiParameters, type Hash, type Hex, hexToBigInt } from 'viem'
import type { ChainEvent } from './types.js'
import { decodeUserOperationLog, isUserOperationKind } from './userOperations.js'

// keccak256 of the event signatures; ERC-20 and ERC-721 share Transfer and Approval and differ
// only by how many topics are indexed.
export const TOPIC_TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
export const TOPIC_APPROVAL = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925'
export const TOPIC_APPROVAL_FOR_ALL =
  '0x17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31'
export const TOPIC_TRANSFER_SINGLE =
  '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62'
export const TOPIC_TRANSFER_BATCH =
  '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb'

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000'

/** The fields of an RPC log the decoder reads (hex strings as the node sends them). */
export interface RawLog {
  address: string
  topics: readonly string[]
  data: string
  logIndex: string | number
  transactionHash: string
}

function topicAddress(topic: string): Address {
  return `0x${topic.slice(26).toLowerCase()}` as Address
}

function word(data: string, index: number): bigint {
  const start = 2 + index * 64
  return hexToBigInt(`0x${data.slice(start, start + 64)}` as Hex)
}

function isWords(data: string, count: number): boolean {
  return data.length === 2 + count * 64
}

/**
 * Decodes one log into zero or more events. Logs that merely share a topic with a standard event
 * but have the wrong shape (topic count or data length) are ignored rather than guessed at: a
 * malicious contract can emit anything.
 */
export function decodeLog(log: RawLog): ChainEvent[] {
  const topic0 = log.topics[0]?.toLowerCase()
  if (!topic0) return []
  const operation = decodeUserOperationLog(log)
  if (operation) return [operation]
  const base = {
    txHash: log.transactionHash.toLowerCase() as Hash,
    logIndex: typeof log.logIndex === 'number' ? log.logIndex : Number(log.logIndex),
    token: log.address.toLowerCase() as Address,
  }
  const topics = log.topics
  const data = log.data

  if (topic0 === TOPIC_TRANSFER) {
    if (topics.length === 3 && isWords(data, 1))
      return [
        {
          ...base,
          item: 0,
          kind: 'erc20',
          tokenId: null,
          from: topicAddress(topics[1]!),
          to: topicAddress(topics[2]!),
          amount: word(data, 0),
        },
      ]
    if (topics.length === 4 && isWords(data, 0))
      return [
        {
          ...base,
          item: 0,
          kind: 'erc721',
          tokenId: hexToBigInt(topics[3] as Hex),
          from: topicAddress(topics[1]!),
          to: topicAddress(topics[2]!),
          amount: 1n,
        },
      ]
    return []
  }

  if (topic0 === TOPIC_APPROVAL) {
    if (topics.length === 3 && isWords(data, 1))
      return [
        {
          ...base,
          item: 0,
          kind: 'approval',
          tokenId: null,
          from: topicAddress(topics[1]!),
          to: topicAddress(topics[2]!),
          amount: word(data, 0),
        },
      ]
    if (topics.length === 4 && isWords(data, 0)) {
      const spender = topicAddress(topics[2]!)
      return [
        {
          ...base,
          item: 0,
          kind: 'approval',
          tokenId: hexToBigInt(topics[3] as Hex),
          from: topicAddress(topics[1]!),
          to: spender,
          amount: spender === ZERO_ADDRESS ? 0n : 1n,
        },
      ]
    }
    return []
  }

  if (topic0 === TOPIC_APPROVAL_FOR_ALL) {
    if (topics.length !== 3 || !isWords(data, 1)) return []
    return [
      {
        ...base,
        item: 0,
        kind: 'approval_all',
        tokenId: null,
        from: topicAddress(topics[1]!),
        to: topicAddress(topics[2]!),
        amount: word(data, 0) === 0n ? 0n : 1n,
      },
    ]
  }

  if (topic0 === TOPIC_TRANSFER_SINGLE) {
    if (topics.length !== 4 || !isWords(data, 2)) return []
    return [
      {
        ...base,
        item: 0,
        kind: 'erc1155',
        tokenId: word(data, 0),
        from: topicAddress(topics[2]!),
        to: topicAddress(topics[3]!),
        amount: word(data, 1),
      },
    ]
  }

  if (topic0 === TOPIC_TRANSFER_BATCH) {
    if (topics.length !== 4) return []
    let ids: readonly bigint[]
    let values: readonly bigint[]
    try {
      ;[ids, values] = decodeAbiParameters(
        [{ type: 'uint256[]' }, { type: 'uint256[]' }],
        data as Hex,
      )
    } catch {
      return []
    }
    if (ids.length !== values.length) return []
    const from = topicAddress(topics[2]!)
    const to = topicAddress(topics[3]!)
    return ids.map((id, item) => ({
      ...base,
      item,
      kind: 'erc1155' as const,
      tokenId: id,
      from,
      to,
      amount: values[item]!,
    }))
  }

  return []
}

/** True for the value-moving kinds (everything but approvals and user operation records). */
export function isTransferKind(kind: ChainEvent['kind']): boolean {
  return kind !== 'approval' && kind !== 'approval_all' && !isUserOperationKind(kind)
}

/**
 * A transaction's own ETH value as an event. Every history source (the indexer, Blockscout,
 * Etherscan) emits it the same way: log index -1 sorts it before the transaction's logs.
 */
export function nativeTransferEvent(
  txHash: Hash,
  from: Address,
  to: Address,
  amount: bigint,
): ChainEvent {
  return {
    txHash,
    logIndex: -1,
    item: 0,
    kind: 'native',
    token: null,
    tokenId: null,
    from,
    to,
    amount,
  }
}
