/**
 * SIGN_MODE_LEGACY_AMINO_JSON sign bytes, built from the decoded protobuf transaction as the
 * SDK's aminojson handler builds them: the StdSignDoc with keys sorted, compact, and `<`, `>`,
 * `&` escaped as Go's encoding/json does. Written here rather than taken from cosmjs, so a client
 * bug in cosmjs's own serializer would show as a refused signature, not be mirrored.
 */
import type { DecodedTx } from './tx.js'

type Json = string | number | boolean | null | Json[] | { [key: string]: Json }

function sorted(value: Json): Json {
  if (Array.isArray(value)) return value.map(sorted)
  if (value && typeof value === 'object') {
    const out: { [key: string]: Json } = {}
    for (const key of Object.keys(value).sort()) out[key] = sorted(value[key] as Json)
    return out
  }
  return value
}

/** Go's json.Marshal escapes these three for HTML safety; the sign bytes carry the escapes. */
export function canonicalJson(value: Json): string {
  return JSON.stringify(sorted(value))
    .replace(/&/g, '\\u0026')
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
}

const aminoCoins = (coins: Array<{ denom: string; amount: bigint }>): Json =>
  coins.map((c) => ({ amount: c.amount.toString(), denom: c.denom }))

export function aminoSignBytes(
  tx: DecodedTx,
  signer: { chainId: string; accountNumber: bigint; sequence: bigint },
): Uint8Array {
  const doc: { [key: string]: Json } = {
    account_number: signer.accountNumber.toString(),
    chain_id: signer.chainId,
    fee: { amount: aminoCoins(tx.fee.amount), gas: tx.fee.gasLimit.toString() },
    memo: tx.body.memo,
    msgs: tx.messages.map((m) => ({
      type: 'cosmos-sdk/MsgSend',
      value: {
        amount: aminoCoins(m.amount),
        from_address: m.fromAddress,
        to_address: m.toAddress,
      },
    })),
    sequence: signer.sequence.toString(),
  }
  if (tx.body.timeoutHeight > 0n) doc.timeout_height = tx.body.timeoutHeight.toString()
  return new TextEncoder().encode(canonicalJson(doc))
}
