/**
 * Signature checks as the SDK's secp256k1 key does them: a 64-byte r‖s over sha256 of the sign
 * bytes, with high-S (malleable) signatures refused, and the public key's address compared with
 * the signer's.
 */
import { createHash, createPublicKey, verify } from 'node:crypto'
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys'
import { SignMode } from 'cosmjs-types/cosmos/tx/signing/v1beta1/signing'
import { SignDoc } from 'cosmjs-types/cosmos/tx/v1beta1/tx'
import { aminoSignBytes } from './amino.js'
import { sdkError } from './errors.js'
import { type DecodedTx, SECP256K1_PUBKEY } from './tx.js'

const HALF_ORDER = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n

/** SPKI DER header of an EC secp256k1 key with a 33-byte compressed point. */
const SPKI_SECP256K1 = Buffer.from('3036301006072a8648ce3d020106052b8104000a032200', 'hex')

/**
 * Verification is a pure function of (key, message, signature), so results are remembered:
 * FinalizeBlock re-checks what CheckTx checked, as the SDK does, without paying twice.
 */
const verified = new Map<string, boolean>()

export function verifySecp256k1(pubKey: Uint8Array, message: Uint8Array, signature: Uint8Array) {
  if (pubKey.length !== 33 || signature.length !== 64) return false
  const s = BigInt(`0x${Buffer.from(signature.subarray(32)).toString('hex')}`)
  if (s > HALF_ORDER) return false
  const digest = createHash('sha256').update(message).digest()
  const key = Buffer.concat([pubKey, signature, digest]).toString('base64')
  const known = verified.get(key)
  if (known !== undefined) return known
  // OpenSSL's ECDSA (Node's crypto), not cosmjs's: the signers under test are cosmjs's, and the
  // node should not share their code; it is also ~50× faster than the JS curve arithmetic.
  let ok: boolean
  try {
    const publicKey = createPublicKey({
      key: Buffer.concat([SPKI_SECP256K1, pubKey]),
      format: 'der',
      type: 'spki',
    })
    ok = verify('sha256', message, { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature)
  } catch {
    ok = false
  }
  if (verified.size > 10_000) verified.clear()
  verified.set(key, ok)
  return ok
}

/** The compressed key of a signer info's `public_key`, if it carries one. */
export function signerPubKey(tx: DecodedTx, index: number): Uint8Array | undefined {
  const any = tx.authInfo.signerInfos[index]?.publicKey
  if (!any) return undefined
  if (any.typeUrl !== SECP256K1_PUBKEY)
    throw sdkError('invalidPubKey', `unsupported public key type ${any.typeUrl}`)
  const key = PubKey.decode(any.value).key
  if (key.length !== 33) throw sdkError('invalidPubKey', `invalid public key length ${key.length}`)
  return key
}

export function signModeOf(tx: DecodedTx, index: number): SignMode {
  const info = tx.authInfo.signerInfos[index]?.modeInfo
  if (!info?.single) return SignMode.SIGN_MODE_UNSPECIFIED
  return info.single.mode
}

/**
 * The bytes signer `index` signed in its sign mode, or the reason there are none. DIRECT signs
 * the SignDoc (body and auth info bytes as sent, chain id, account number); LEGACY_AMINO_JSON the
 * StdSignDoc rebuilt from the protobuf.
 */
export function signBytes(
  tx: DecodedTx,
  index: number,
  signer: { chainId: string; accountNumber: bigint; sequence: bigint },
): Uint8Array | string {
  const mode = signModeOf(tx, index)
  if (mode === SignMode.SIGN_MODE_DIRECT)
    return SignDoc.encode({
      bodyBytes: tx.raw.bodyBytes,
      authInfoBytes: tx.raw.authInfoBytes,
      chainId: signer.chainId,
      accountNumber: signer.accountNumber,
    }).finish()
  if (mode === SignMode.SIGN_MODE_LEGACY_AMINO_JSON) return aminoSignBytes(tx, signer)
  if (tx.authInfo.signerInfos[index]?.modeInfo?.multi) return 'multisig is not modelled'
  return `unsupported sign mode ${SignMode[mode] ?? mode}`
}
