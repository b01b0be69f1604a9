import { makeSignDoc, serializeSignDoc } from '@cosmjs/amino'
import { SigningStargateClient } from '@cosmjs/stargate'
import { TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { describe, expect, it } from 'vitest'
import { aminoSignBytes, canonicalJson } from './amino.js'
import { devCosmosKeys } from './keys.js'
import { decodeTx } from './tx.js'

describe('amino JSON sign bytes', () => {
  it('sorts keys at every depth and escapes <, > and & as Go does', () => {
    expect(canonicalJson({ b: 1, a: { d: '<&>', c: [{ z: 1, y: 2 }] } })).toBe(
      '{"a":{"c":[{"y":2,"z":1}],"d":"\\u003c\\u0026\\u003e"},"b":1}',
    )
  })

  it("rebuilt from the protobuf, equal cosmjs's StdSignDoc for the same send", async () => {
    const keys = await devCosmosKeys()
    const from = keys.wallet.address
    const to = keys.friend.address
    const fee = { amount: [{ denom: 'ustake', amount: '2500' }], gas: '100000' }
    const memo = 'rent <share> & more'
    const signer = await SigningStargateClient.offline(keys.wallet.amino)
    const raw = await signer.sign(
      from,
      [
        {
          typeUrl: '/cosmos.bank.v1beta1.MsgSend',
          value: { fromAddress: from, toAddress: to, amount: [{ denom: 'ulatch', amount: '7' }] },
        },
      ],
      fee,
      memo,
      { accountNumber: 3n, sequence: 9, chainId: 'latchdev-1' },
    )
    const tx = decodeTx(TxRaw.encode(raw).finish(), 'cosmos')
    const ours = aminoSignBytes(tx, { chainId: 'latchdev-1', accountNumber: 3n, sequence: 9n })
    const theirs = serializeSignDoc(
      makeSignDoc(
        [
          {
            type: 'cosmos-sdk/MsgSend',
            value: {
              from_address: from,
              to_address: to,
              amount: [{ denom: 'ulatch', amount: '7' }],
            },
          },
        ],
        fee,
        'latchdev-1',
        memo,
        3,
        9,
      ),
    )
    expect(new TextDecoder().decode(ours)).toBe(new TextDecoder().decode(theirs))
  })
})
