import { encodeAbiParameters, pad, toEventSelector } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  decodeLog,
  TOPIC_APPROVAL,
  TOPIC_APPROVAL_FOR_ALL,
  TOPIC_TRANSFER,
  TOPIC_TRANSFER_BATCH,
  TOPIC_TRANSFER_SINGLE,
} from './decode.js'

const A = '0x1111111111111111111111111111111111111111'
const B = '0x2222222222222222222222222222222222222222'
const OP = '0x3333333333333333333333333333333333333333'
const TOKEN = '0xAbCdEf0000000000000000000000000000000001'
const TX = `0x${'aa'.repeat(32)}`
const topic = (address: string) => pad(address as `0x${string}`, { size: 32 })
const word = (n: bigint) => encodeAbiParameters([{ type: 'uint256' }], [n])
const log = (topics: string[], data: string, logIndex = '0x3') => ({
  address: TOKEN,
  topics,
  data,
  logIndex,
  transactionHash: TX,
})

describe('event topics', () => {
  it('are the keccak of the standard signatures', () => {
    expect(TOPIC_TRANSFER).toBe(toEventSelector('Transfer(address,address,uint256)'))
    expect(TOPIC_APPROVAL).toBe(toEventSelector('Approval(address,address,uint256)'))
    expect(TOPIC_APPROVAL_FOR_ALL).toBe(toEventSelector('ApprovalForAll(address,address,bool)'))
    expect(TOPIC_TRANSFER_SINGLE).toBe(
      toEventSelector('TransferSingle(address,address,address,uint256,uint256)'),
    )
    expect(TOPIC_TRANSFER_BATCH).toBe(
      toEventSelector('TransferBatch(address,address,address,uint256[],uint256[])'),
    )
  })
})

describe('decodeLog', () => {
  it('decodes an ERC-20 Transfer (three topics, value in data)', () => {
    const [event] = decodeLog(log([TOPIC_TRANSFER, topic(A), topic(B)], word(1234n)))
    expect(event).toMatchObject({
      kind: 'erc20',
      token: TOKEN.toLowerCase(),
      from: A,
      to: B,
      amount: 1234n,
      tokenId: null,
      logIndex: 3,
      item: 0,
    })
  })

  it('decodes an ERC-721 Transfer (token id as the fourth topic)', () => {
    const [event] = decodeLog(log([TOPIC_TRANSFER, topic(A), topic(B), word(77n)], '0x'))
    expect(event).toMatchObject({ kind: 'erc721', tokenId: 77n, amount: 1n, from: A, to: B })
  })

  it('ignores Transfer logs of the wrong shape', () => {
    expect(decodeLog(log([TOPIC_TRANSFER, topic(A), topic(B)], '0x'))).toEqual([])
    expect(decodeLog(log([TOPIC_TRANSFER, topic(A)], word(1n)))).toEqual([])
    expect(decodeLog(log([TOPIC_TRANSFER, topic(A), topic(B), word(1n)], word(1n)))).toEqual([])
  })

  it('decodes ERC-1155 TransferSingle and TransferBatch', () => {
    const single = decodeLog(
      log(
        [TOPIC_TRANSFER_SINGLE, topic(OP), topic(A), topic(B)],
        encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [5n, 10n]),
      ),
    )
    expect(single).toMatchObject([{ kind: 'erc1155', tokenId: 5n, amount: 10n, from: A, to: B }])
    const batch = decodeLog(
      log(
        [TOPIC_TRANSFER_BATCH, topic(OP), topic(A), topic(B)],
        encodeAbiParameters(
          [{ type: 'uint256[]' }, { type: 'uint256[]' }],
          [
            [1n, 2n],
            [3n, 4n],
          ],
        ),
      ),
    )
    expect(batch).toMatchObject([
      { item: 0, tokenId: 1n, amount: 3n },
      { item: 1, tokenId: 2n, amount: 4n },
    ])
    expect(decodeLog(log([TOPIC_TRANSFER_BATCH, topic(OP), topic(A), topic(B)], '0x1234'))).toEqual(
      [],
    )
  })

  it('decodes approvals of both standards and ApprovalForAll', () => {
    expect(decodeLog(log([TOPIC_APPROVAL, topic(A), topic(B)], word(9n)))).toMatchObject([
      { kind: 'approval', from: A, to: B, amount: 9n, tokenId: null },
    ])
    expect(decodeLog(log([TOPIC_APPROVAL, topic(A), topic(B), word(4n)], '0x'))).toMatchObject([
      { kind: 'approval', tokenId: 4n, amount: 1n },
    ])
    expect(decodeLog(log([TOPIC_APPROVAL_FOR_ALL, topic(A), topic(OP)], word(1n)))).toMatchObject([
      { kind: 'approval_all', from: A, to: OP, amount: 1n },
    ])
  })

  it('ignores unknown events', () => {
    expect(decodeLog(log([`0x${'12'.repeat(32)}`], '0x'))).toEqual([])
    expect(decodeLog(log([], '0x'))).toEqual([])
  })
})
