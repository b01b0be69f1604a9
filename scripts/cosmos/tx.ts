/**
 * Decoding a broadcast transaction as the SDK's tx decoder does: protobuf TxRaw → TxBody and
 * AuthInfo, each message resolved by type URL. Only MsgSend resolves (x/bank is the one module
 * modelled); any other type is a decode error, never a silent no-op.
 */
import { createHash } from 'node:crypto'
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx'
import { AuthInfo, TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { addressBytes } from './address.js'
import { sdkError } from './errors.js'
import type { Coin } from './state.js'

export const MSG_SEND = '/cosmos.bank.v1beta1.MsgSend'
export const MSG_SEND_RESPONSE = '/cosmos.bank.v1beta1.MsgSendResponse'
export const SECP256K1_PUBKEY = '/cosmos.crypto.secp256k1.PubKey'

export interface SendMessage {
  fromAddress: string
  toAddress: string
  amount: Coin[]
}

export interface DecodedTx {
  bytes: Uint8Array
  /** sha256 of the bytes, upper-case hex: CometBFT's tx hash. */
  hash: string
  raw: TxRaw
  body: TxBody
  authInfo: AuthInfo
  messages: SendMessage[]
  /** Signers in the order the SDK lists them: each message's signer, first appearance. */
  signers: string[]
  fee: { amount: Coin[]; gasLimit: bigint }
}

export function txHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').toUpperCase()
}

function coins(list: Array<{ denom: string; amount: string }>): Coin[] {
  return list.map((c) => {
    if (!/^\d+$/.test(c.amount)) throw sdkError('invalidCoins', `invalid amount ${c.amount}`)
    return { denom: c.denom, amount: BigInt(c.amount) }
  })
}

export function decodeTx(bytes: Uint8Array, prefix: string): DecodedTx {
  let raw: TxRaw
  let body: TxBody
  let authInfo: AuthInfo
  try {
    raw = TxRaw.decode(bytes)
    body = TxBody.decode(raw.bodyBytes)
    authInfo = AuthInfo.decode(raw.authInfoBytes)
  } catch (error) {
    throw sdkError('txDecode', (error as Error).message)
  }
  if (body.messages.length === 0)
    throw sdkError('invalidRequest', 'must contain at least one message')
  if (body.extensionOptions.length || body.nonCriticalExtensionOptions.length)
    throw sdkError('unknownExtensionOptions', 'extension options are not supported by the dev node')
  if (body.unordered || body.timeoutTimestamp)
    throw sdkError('notSupported', 'unordered transactions arrive with SDK 0.53, not 0.50')
  const messages = body.messages.map((any) => {
    if (any.typeUrl !== MSG_SEND)
      throw sdkError('txDecode', `unable to resolve type URL ${any.typeUrl}`)
    let msg: MsgSend
    try {
      msg = MsgSend.decode(any.value)
    } catch (error) {
      throw sdkError('txDecode', (error as Error).message)
    }
    // GetSigners decodes the signer field with the address codec while decoding the tx.
    addressBytes(msg.fromAddress, prefix)
    return { fromAddress: msg.fromAddress, toAddress: msg.toAddress, amount: coins(msg.amount) }
  })
  const signers: string[] = []
  for (const m of messages) if (!signers.includes(m.fromAddress)) signers.push(m.fromAddress)
  const fee = authInfo.fee
  if (!fee) throw sdkError('txDecode', 'missing fee')
  if (fee.payer || fee.granter)
    throw sdkError('notSupported', 'fee payer and fee granter (x/feegrant) are not modelled')
  return {
    bytes,
    hash: txHash(bytes),
    raw,
    body,
    authInfo,
    messages,
    signers,
    fee: { amount: coins(fee.amount), gasLimit: fee.gasLimit },
  }
}
