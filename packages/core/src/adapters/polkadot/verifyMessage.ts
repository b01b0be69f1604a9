import { hexToU8a } from '@polkadot/util'
import {
  cryptoWaitReady,
  ed25519Verify,
  secp256k1Verify,
  sr25519Verify,
} from '@polkadot/util-crypto'
import { wrapBytes } from './sign.js'
import { decodeSs58 } from './ss58.js'

type Check = (message: Uint8Array, signature: Uint8Array, account: Uint8Array) => boolean

const SCHEMES: Record<string, Check> = {
  sr25519: (m, s, a) => s.length === 64 && sr25519Verify(m, s, a),
  ed25519: (m, s, a) => s.length === 64 && ed25519Verify(m, s, a),
  // An ecdsa account id is the blake2-256 of the compressed key the signature recovers.
  ecdsa: (m, s, a) => s.length === 65 && secp256k1Verify(m, s, a, 'blake2'),
}
/** MultiSignature's type byte. */
const MULTI = ['ed25519', 'sr25519', 'ecdsa']

/**
 * Whether `signature` (hex) is the address's key's over exactly `<Bytes>message</Bytes>`, the form
 * `signRaw({ type: 'bytes' })` signs. Each scheme is checked on its own rather than with
 * `signatureVerify`, which also accepts a signature of the bare bytes: those could be a
 * transaction payload a wallet signed for another site.
 */
export async function verifyPolkadotMessage({
  address,
  message,
  signature,
}: {
  address: string
  message: string
  signature: string
}): Promise<boolean> {
  const decoded = decodeSs58(address)
  if (!decoded || !/^0x([0-9a-fA-F]{2})+$/.test(signature)) return false
  await cryptoWaitReady()
  const wrapped = wrapBytes(new TextEncoder().encode(message))
  const bytes = hexToU8a(signature)
  const tries: Array<[Check, Uint8Array]> = Object.values(SCHEMES).map((check) => [check, bytes])
  const typed = MULTI[bytes[0] as number]
  if (typed && (bytes.length === 65 || bytes.length === 66))
    tries.unshift([SCHEMES[typed] as Check, bytes.subarray(1)])
  return tries.some(([check, sig]) => {
    try {
      return check(wrapped, sig, decoded.accountId)
    } catch {
      return false
    }
  })
}
