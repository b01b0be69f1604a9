/**
 * A bank send as the SDK's protobuf transaction, built and signed without @cosmjs/stargate (whose
 * CommonJS build brings every cosmjs-types module, ~910 KiB minified): MsgSend in a TxBody, the
 * signer's key, sequence and sign mode in AuthInfo, then the wallet signs the SignDoc (direct) or
 * the amino StdSignDoc (legacy amino JSON, what a Ledger signs) and the TxRaw is assembled from
 * what the wallet returned.
 */

import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx'
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys'
import { SignMode } from 'cosmjs-types/cosmos/tx/signing/v1beta1/signing'
import { AuthInfo, TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { CosmosWalletError } from './errors.js'
import type { KeplrAminoSigner, KeplrDirectSigner } from './keplr.js'
import type { AccountNumbers } from './query.js'
import { fromBase64 } from './rpc.js'

export interface Coin {
  denom: string
  amount: string
}

export interface Send {
  from: string
  to: string
  amount: Coin[]
}

export interface Fee {
  amount: Coin[]
  gas: string
}

const MSG_SEND = '/cosmos.bank.v1beta1.MsgSend'

function bodyBytes(send: Send, memo: string): Uint8Array {
  const value = MsgSend.encode(
    MsgSend.fromPartial({ fromAddress: send.from, toAddress: send.to, amount: send.amount }),
  ).finish()
  return TxBody.encode(
    TxBody.fromPartial({ messages: [{ typeUrl: MSG_SEND, value }], memo }),
  ).finish()
}

function authInfoBytes(pubkey: Uint8Array, sequence: bigint, fee: Fee, mode: SignMode): Uint8Array {
  return AuthInfo.encode(
    AuthInfo.fromPartial({
      signerInfos: [
        {
          publicKey: {
            typeUrl: '/cosmos.crypto.secp256k1.PubKey',
            value: PubKey.encode({ key: pubkey }).finish(),
          },
          modeInfo: { single: { mode } },
          sequence,
        },
      ],
      fee: { amount: fee.amount, gasLimit: BigInt(fee.gas) },
    }),
  ).finish()
}

/** The transaction a simulation runs: signed by nobody (the node skips signatures there). */
export function unsignedTx(send: Send, pubkey: Uint8Array, sequence: bigint): Uint8Array {
  return TxRaw.encode(
    TxRaw.fromPartial({
      bodyBytes: bodyBytes(send, ''),
      authInfoBytes: authInfoBytes(
        pubkey,
        sequence,
        { amount: [], gas: '0' },
        SignMode.SIGN_MODE_DIRECT,
      ),
      signatures: [new Uint8Array()],
    }),
  ).finish()
}

export async function signDirect(
  signer: KeplrDirectSigner,
  send: Send,
  fee: Fee,
  options: { chainId: string; pubkey: Uint8Array; account: AccountNumbers },
): Promise<Uint8Array> {
  const { signed, signature } = await signer.signDirect(send.from, {
    bodyBytes: bodyBytes(send, ''),
    authInfoBytes: authInfoBytes(
      options.pubkey,
      options.account.sequence,
      fee,
      SignMode.SIGN_MODE_DIRECT,
    ),
    chainId: options.chainId,
    accountNumber: options.account.accountNumber,
  })
  return TxRaw.encode(
    TxRaw.fromPartial({
      // The wallet may have changed the fee (Keplr lets its user): what it signed is what is sent.
      bodyBytes: signed.bodyBytes,
      authInfoBytes: signed.authInfoBytes,
      signatures: [fromBase64(signature.signature)],
    }),
  ).finish()
}

interface AminoSend {
  type: 'cosmos-sdk/MsgSend'
  value: { from_address: string; to_address: string; amount: Coin[] }
}

export async function signAmino(
  signer: KeplrAminoSigner,
  send: Send,
  fee: Fee,
  options: { chainId: string; pubkey: Uint8Array; account: AccountNumbers },
): Promise<Uint8Array> {
  const msg: AminoSend = {
    type: 'cosmos-sdk/MsgSend',
    value: { from_address: send.from, to_address: send.to, amount: send.amount },
  }
  const { signed, signature } = await signer.signAmino(send.from, {
    chain_id: options.chainId,
    account_number: options.account.accountNumber.toString(),
    sequence: options.account.sequence.toString(),
    fee,
    msgs: [msg],
    memo: '',
  })
  const doc = signed as { fee: Fee; memo: string; msgs: AminoSend[] }
  const [back] = doc.msgs
  // The body is rebuilt from the signed document: a wallet that changed the message would have
  // signed something else, so a change there is refused rather than sent.
  if (
    doc.msgs.length !== 1 ||
    back?.type !== msg.type ||
    back.value.from_address !== send.from ||
    back.value.to_address !== send.to ||
    JSON.stringify(back.value.amount) !== JSON.stringify(send.amount)
  )
    throw new CosmosWalletError('The wallet signed a different message than the one asked for')
  return TxRaw.encode(
    TxRaw.fromPartial({
      bodyBytes: bodyBytes(send, doc.memo),
      authInfoBytes: authInfoBytes(
        options.pubkey,
        options.account.sequence,
        doc.fee,
        SignMode.SIGN_MODE_LEGACY_AMINO_JSON,
      ),
      signatures: [fromBase64(signature.signature)],
    }),
  ).finish()
}
