/**
 * Checks an ADR-036 signature as a dapp's server does (apps/server's Cosmos sign-in): the public
 * key must make the address, the signature must be low-S (the SDK refuses the malleable twin) and
 * verify over sha256 of the amino StdSignDoc rebuilt from the address and the message.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { parseCosmosAddress } from './address.js'
import { fromBase64 } from './rpc.js'

/** JSON with keys sorted at every level and `&<>` escaped, as amino's sign bytes are written. */
function sortedJson(value: unknown): string {
  const sort = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sort)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
          )
        : v
  return JSON.stringify(sort(value))
    .replace(/&/g, '\\u0026')
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
}

/** ADR-036's sign bytes for `message` signed by `signer`. */
export function adr36SignBytes(signer: string, message: string): Uint8Array {
  const data = btoa(String.fromCharCode(...new TextEncoder().encode(message)))
  return new TextEncoder().encode(
    sortedJson({
      account_number: '0',
      chain_id: '',
      fee: { amount: [], gas: '0' },
      memo: '',
      msgs: [{ type: 'sign/MsgSignData', value: { data, signer } }],
      sequence: '0',
    }),
  )
}

export async function verifyCosmosMessage(parameters: {
  address: string
  message: string
  signature: string
}): Promise<boolean> {
  try {
    const parsed = parseCosmosAddress(parameters.address)
    const stdSignature = JSON.parse(parameters.signature) as {
      pub_key?: { type?: string; value?: string }
      signature?: string
    }
    if (!parsed || stdSignature.pub_key?.type !== 'tendermint/PubKeySecp256k1') return false
    const pubkey = fromBase64(stdSignature.pub_key.value ?? '')
    const signature = fromBase64(stdSignature.signature ?? '')
    if (pubkey.length !== 33 || signature.length !== 64) return false
    const owner = ripemd160(sha256(pubkey))
    if (owner.length !== parsed.data.length || owner.some((b, i) => b !== parsed.data[i]))
      return false
    return secp256k1.verify(signature, adr36SignBytes(parsed.address, parameters.message), pubkey, {
      lowS: true,
    })
  } catch {
    return false
  }
}
