/**
 * Signing a MsgSend transaction with cosmjs's wallets, as SigningStargateClient's `sign` does,
 * without loading @cosmjs/stargate (its module graph, every SDK module's amino converters, cost
 * ~1.4 s of `npm start` at load 17). The signatures are the wallets' own: DirectSecp256k1Wallet's
 * signDirect over the SignDoc, Secp256k1Wallet's signAmino over the StdSignDoc.
 */
import { encodeSecp256k1Pubkey, makeSignDoc as makeAminoSignDoc, type StdFee } from '@cosmjs/amino'
import { fromBase64 } from '@cosmjs/encoding'
import { encodePubkey, makeAuthInfoBytes, makeSignDoc } from '@cosmjs/proto-signing'
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx'
import { SignMode } from 'cosmjs-types/cosmos/tx/signing/v1beta1/signing'
import { TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import type { DevCosmosAccount } from './keys.js'
import { MSG_SEND } from './tx.js'

export interface Send {
  fromAddress: string
  toAddress: string
  amount: Array<{ denom: string; amount: string }>
}

export interface SignerData {
  chainId: string
  accountNumber: bigint
  sequence: bigint
}

function bodyBytes(msgs: Send[], memo: string): Uint8Array {
  return TxBody.encode(
    TxBody.fromPartial({
      messages: msgs.map((m) => ({
        typeUrl: MSG_SEND,
        value: MsgSend.encode(MsgSend.fromPartial(m)).finish(),
      })),
      memo,
    }),
  ).finish()
}

export async function signSend(
  account: DevCosmosAccount,
  mode: 'direct' | 'amino',
  msgs: Send[],
  fee: StdFee,
  memo: string,
  data: SignerData,
): Promise<Uint8Array> {
  const [key] = await account.direct.getAccounts()
  if (!key) throw new Error('the wallet holds no account')
  const pubkey = encodePubkey(encodeSecp256k1Pubkey(key.pubkey))
  if (mode === 'direct') {
    const authInfoBytes = makeAuthInfoBytes(
      [{ pubkey, sequence: data.sequence }],
      fee.amount,
      Number(fee.gas),
      undefined,
      undefined,
    )
    const doc = makeSignDoc(bodyBytes(msgs, memo), authInfoBytes, data.chainId, data.accountNumber)
    const { signature, signed } = await account.direct.signDirect(account.address, doc)
    return TxRaw.encode({
      bodyBytes: signed.bodyBytes,
      authInfoBytes: signed.authInfoBytes,
      signatures: [fromBase64(signature.signature)],
    }).finish()
  }
  const doc = makeAminoSignDoc(
    msgs.map((m) => ({
      type: 'cosmos-sdk/MsgSend',
      value: { from_address: m.fromAddress, to_address: m.toAddress, amount: m.amount },
    })),
    fee,
    data.chainId,
    memo,
    data.accountNumber,
    data.sequence.toString(),
  )
  const { signature, signed } = await account.amino.signAmino(account.address, doc)
  // The transaction carries what was signed (a wallet may change the fee or memo).
  const authInfoBytes = makeAuthInfoBytes(
    [{ pubkey, sequence: data.sequence }],
    signed.fee.amount,
    Number(signed.fee.gas),
    signed.fee.granter,
    signed.fee.payer,
    SignMode.SIGN_MODE_LEGACY_AMINO_JSON,
  )
  return TxRaw.encode({
    bodyBytes: bodyBytes(msgs, signed.memo),
    authInfoBytes,
    signatures: [fromBase64(signature.signature)],
  }).finish()
}
