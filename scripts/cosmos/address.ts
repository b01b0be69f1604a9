/** Bech32 account addresses as the SDK's address codec checks them, and module addresses. */
import { ripemd160, sha256 } from '@cosmjs/crypto'
import { fromBech32, toBech32 } from '@cosmjs/encoding'
import { sdkError } from './errors.js'

/** Why `address` is not an account address of this chain, worded as the SDK's codec words it. */
export function addressProblem(address: string, prefix: string): string | undefined {
  if (!address.trim()) return 'empty address string is not allowed'
  let decoded: ReturnType<typeof fromBech32>
  try {
    decoded = fromBech32(address, 256)
  } catch (error) {
    return `decoding bech32 failed: ${(error as Error).message}`
  }
  if (decoded.prefix !== prefix)
    return `invalid Bech32 prefix; expected ${prefix}, got ${decoded.prefix}`
  // 20 bytes for keys, 32 for module-derived accounts.
  if (decoded.data.length !== 20 && decoded.data.length !== 32)
    return `address length must be 20 or 32 bytes, got ${decoded.data.length}`
  return undefined
}

/** The bytes of `address`, or an SDK `invalid address` error. */
export function addressBytes(address: string, prefix: string): Uint8Array {
  const problem = addressProblem(address, prefix)
  if (problem) throw sdkError('invalidAddress', problem)
  return fromBech32(address, 256).data
}

export function isAddress(address: string, prefix: string): boolean {
  return addressProblem(address, prefix) === undefined
}

/** The account address of a compressed secp256k1 key: ripemd160(sha256(key)). */
export function pubKeyAddress(pubKey: Uint8Array, prefix: string): string {
  return toBech32(prefix, ripemd160(sha256(pubKey)))
}

/** A module account's address, as `authtypes.NewModuleAddress(name)`: sha256(name)[:20]. */
export function moduleAddress(name: string, prefix: string): string {
  return toBech32(prefix, sha256(new TextEncoder().encode(name)).slice(0, 20))
}
