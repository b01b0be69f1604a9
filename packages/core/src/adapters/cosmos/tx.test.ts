import { Secp256k1Wallet, type StdSignDoc } from '@cosmjs/amino'
import { AuthInfo, TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { describe, expect, it } from 'vitest'
import { CosmosWalletError } from './errors.js'
import type { KeplrAminoSigner } from './keplr.js'
import { sendOf } from './send.js'
import { signAmino, unsignedTx } from './tx.js'

const WALLET = 'cosmos15yk64u7zc9g9k2yr2wmzeva5qgwxps6yxj00e7'
const FRIEND = 'cosmos1erxf3sa9q2j4vgseu7jq4a258ckmk7cy076t8z'
const fee = { amount: [{ denom: 'ustake', amount: '2500' }], gas: '100000' }
const account = { accountNumber: 3n, sequence: 7n }

async function signerOf(edit?: (doc: StdSignDoc) => StdSignDoc) {
  const key = await Secp256k1Wallet.fromKey(new Uint8Array(32).fill(7), 'cosmos')
  const [own] = await key.getAccounts()
  const signer: KeplrAminoSigner = {
    getAccounts: () => key.getAccounts(),
    signAmino: async (_address, doc) => {
      const signed = await key.signAmino(
        own?.address as string,
        edit ? edit(doc as StdSignDoc) : (doc as StdSignDoc),
      )
      return signed as never
    },
  }
  return { signer, address: own?.address as string, pubkey: own?.pubkey as Uint8Array }
}

describe('the amino send', () => {
  it('assembles the transaction from what the wallet signed: fee and memo the wallet chose', async () => {
    const { signer, address, pubkey } = await signerOf((doc) => ({
      ...doc,
      memo: 'wallet memo',
      fee: { amount: [{ denom: 'ustake', amount: '3000' }], gas: '120000' },
    }))
    const bytes = await signAmino(signer, sendOf(address, FRIEND, 5n, 'ustake'), fee, {
      chainId: 'latchdev-1',
      pubkey,
      account,
    })
    const raw = TxRaw.decode(bytes)
    expect(TxBody.decode(raw.bodyBytes).memo).toBe('wallet memo')
    const auth = AuthInfo.decode(raw.authInfoBytes)
    expect(auth.fee?.gasLimit).toBe(120_000n)
    expect(auth.signerInfos[0]?.sequence).toBe(7n)
    expect(raw.signatures[0]).toHaveLength(64)
  })

  it('refuses to send when the wallet signed another receiver or amount', async () => {
    for (const edit of [
      (doc: StdSignDoc) => ({
        ...doc,
        msgs: [
          { ...doc.msgs[0], value: { ...(doc.msgs[0]?.value as object), to_address: WALLET } },
        ],
      }),
      (doc: StdSignDoc) => ({
        ...doc,
        msgs: [
          {
            ...doc.msgs[0],
            value: {
              ...(doc.msgs[0]?.value as object),
              amount: [{ denom: 'ustake', amount: '500' }],
            },
          },
        ],
      }),
      (doc: StdSignDoc) => ({ ...doc, msgs: [...doc.msgs, ...doc.msgs] }),
    ] as ((doc: StdSignDoc) => StdSignDoc)[]) {
      const { signer, address, pubkey } = await signerOf(edit as never)
      await expect(
        signAmino(signer, sendOf(address, FRIEND, 5n, 'ustake'), fee, {
          chainId: 'latchdev-1',
          pubkey,
          account,
        }),
      ).rejects.toBeInstanceOf(CosmosWalletError)
    }
  })

  it('the simulation transaction carries the key and sequence and no signature', () => {
    const raw = TxRaw.decode(
      unsignedTx(sendOf(WALLET, FRIEND, 1n, 'ustake'), new Uint8Array(33), 9n),
    )
    expect(AuthInfo.decode(raw.authInfoBytes).signerInfos[0]?.sequence).toBe(9n)
    expect(raw.signatures).toEqual([new Uint8Array()])
  })

  it('refuses a denom the SDK would not parse and a zero amount', () => {
    expect(() => sendOf(WALLET, FRIEND, 1n, '1bad')).toThrow(/Not a bank denom/)
    expect(() => sendOf(WALLET, FRIEND, 0n, 'ustake')).toThrow(/positive/)
  })
})
