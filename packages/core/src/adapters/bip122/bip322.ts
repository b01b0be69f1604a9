/**
 * BIP-322 generic signed messages on @scure/btc-signer (no Buffer, no native code, so it runs in
 * the browser): the virtual `to_spend` / `to_sign` transactions, signing with a key (test wallets)
 * and checking the "simple" (witness only) and "full" (whole `to_sign`) forms for P2WPKH,
 * P2SH-P2WPKH and P2TR key-path addresses.
 */
import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js'
import { base64, hex } from '@scure/base'
import {
  Address,
  OutScript,
  p2pkh,
  p2wpkh,
  RawTx,
  RawWitness,
  Script,
  Transaction,
} from '@scure/btc-signer'
import { concatBytes, equalBytes, hash160, sha256, sha256x2 } from '@scure/btc-signer/utils.js'
import type { BitcoinNetworkParams } from './params.js'

const TAG = sha256(new TextEncoder().encode('BIP0322-signed-message'))
const ZERO_TXID = new Uint8Array(32)
const OP_RETURN = Script.encode(['RETURN'])
const SIGHASH_ALL = 1
const SIGHASH_DEFAULT = 0

/** BIP-322's tagged hash of the message (BIP-340 style, tag "BIP0322-signed-message"). */
export function bip322MessageHash(message: string | Uint8Array): Uint8Array {
  const bytes = typeof message === 'string' ? new TextEncoder().encode(message) : message
  return sha256(concatBytes(TAG, TAG, bytes))
}

/** The virtual transaction whose only output the signature spends; its txid, display order. */
export function toSpendTxid(scriptPubKey: Uint8Array, message: string): string {
  const raw = RawTx.encode({
    version: 0,
    segwitFlag: false,
    inputs: [
      {
        txid: ZERO_TXID,
        index: 0xffffffff,
        finalScriptSig: Script.encode(['OP_0', bip322MessageHash(message)]),
        sequence: 0,
      },
    ],
    outputs: [{ amount: 0n, script: scriptPubKey }],
    witnesses: undefined,
    lockTime: 0,
  })
  return hex.encode(sha256x2(raw).reverse())
}

/** `to_sign`, unsigned: spends `to_spend`'s output to one OP_RETURN, as BIP-322 lays it out. */
export function toSignTransaction(
  scriptPubKey: Uint8Array,
  message: string,
  extra: { tapInternalKey?: Uint8Array; redeemScript?: Uint8Array } = {},
): Transaction {
  // Low-R grinding, as Bitcoin Core signs: the same key and message give the BIP's vectors.
  const tx = new Transaction({ version: 0, allowUnknownOutputs: true, lowR: true })
  tx.addInput({
    txid: toSpendTxid(scriptPubKey, message),
    index: 0,
    sequence: 0,
    witnessUtxo: { script: scriptPubKey, amount: 0n },
    ...extra,
  })
  tx.addOutput({ script: OP_RETURN, amount: 0n })
  return tx
}

/**
 * A BIP-322 "simple" signature (base64 of the witness stack) by `privateKey` for `address`: the
 * test wallets sign with it. Supports P2WPKH, P2SH-P2WPKH and P2TR (key path, BIP-86).
 */
export function signBip322(parameters: {
  privateKey: Uint8Array
  address: string
  message: string
  network: BitcoinNetworkParams
}): string {
  const { privateKey, address, message, network } = parameters
  const decoded = Address(network).decode(address)
  const script = OutScript.encode(decoded)
  const publicKey = secp256k1.getPublicKey(privateKey, true)
  const extra =
    decoded.type === 'tr'
      ? { tapInternalKey: publicKey.subarray(1) }
      : decoded.type === 'sh'
        ? { redeemScript: p2wpkh(publicKey, network).script }
        : {}
  if (!['wpkh', 'tr', 'sh'].includes(decoded.type))
    throw new Error(`BIP-322 signing of ${decoded.type} addresses is not supported`)
  const tx = toSignTransaction(script, message, extra)
  tx.signIdx(privateKey, 0)
  tx.finalizeIdx(0)
  const witness = tx.getInput(0).finalScriptWitness
  if (!witness) throw new Error('no witness after signing')
  return base64.encode(RawWitness.encode(witness))
}

/** The witness stack of a simple or full BIP-322 signature; undefined when it is neither. */
function witnessOf(signature: Uint8Array, scriptPubKey: Uint8Array, message: string) {
  try {
    const witness = RawWitness.decode(signature)
    if (witness.length > 0) return witness
  } catch {
    // Not a bare witness: maybe the full to_sign transaction.
  }
  try {
    const tx = RawTx.decode(signature)
    const input = tx.inputs[0]
    const spends =
      tx.version === 0 &&
      tx.inputs.length === 1 &&
      input !== undefined &&
      hex.encode(Uint8Array.from(input.txid)) === toSpendTxid(scriptPubKey, message) &&
      input.index === 0 &&
      tx.outputs.length === 1 &&
      equalBytes(tx.outputs[0]?.script ?? new Uint8Array(), OP_RETURN)
    return spends ? tx.witnesses?.[0] : undefined
  } catch {
    return undefined
  }
}

/** Checks a BIP-322 simple or full signature. False for anything it cannot prove, never throws. */
export function verifyBip322(parameters: {
  address: string
  message: string
  /** Base64. */
  signature: string
  network: BitcoinNetworkParams
}): boolean {
  const { address, message, network } = parameters
  try {
    const decoded = Address(network).decode(address)
    const script = OutScript.encode(decoded)
    const witness = witnessOf(base64.decode(parameters.signature), script, message)
    if (!witness) return false
    if (decoded.type === 'tr') {
      const [sig] = witness
      if (witness.length !== 1 || !sig || (sig.length !== 64 && sig.length !== 65)) return false
      const hashType = sig.length === 65 ? (sig[64] as number) : SIGHASH_DEFAULT
      if (sig.length === 65 && hashType === SIGHASH_DEFAULT) return false
      const tx = toSignTransaction(script, message)
      const digest = tx.preimageWitnessV1(0, [script], hashType, [0n])
      return schnorr.verify(sig.subarray(0, 64), digest, decoded.pubkey)
    }
    if (decoded.type !== 'wpkh' && decoded.type !== 'sh') return false
    const [sig, publicKey] = witness
    if (witness.length !== 2 || !sig || !publicKey || publicKey.length !== 33) return false
    if (decoded.type === 'wpkh' && !equalBytes(hash160(publicKey), decoded.hash)) return false
    if (decoded.type === 'sh') {
      // Nested segwit: the P2SH hash must be the key's P2WPKH redeem script's.
      const redeem = p2wpkh(publicKey, network).script
      if (!equalBytes(hash160(redeem), decoded.hash)) return false
    }
    const hashType = sig[sig.length - 1] as number
    if (hashType !== SIGHASH_ALL) return false
    const tx = toSignTransaction(script, message)
    const digest = tx.preimageWitnessV0(0, p2pkh(publicKey).script, hashType, 0n)
    return secp256k1.verify(sig.subarray(0, -1), digest, publicKey, {
      prehash: false,
      format: 'der',
      lowS: false,
    })
  } catch {
    return false
  }
}
