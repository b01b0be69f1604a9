import {
  type Address,
  concat,
  encodeAbiParameters,
  type Hex,
  hexToBigInt,
  keccak256,
  numberToHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/** The fields of a v0.7 user operation the VerifyingPaymaster signs over, as JSON-RPC sends them. */
export interface DraftUserOperation {
  sender: Address
  nonce: Hex
  callData: Hex
  factory?: Address | null
  factoryData?: Hex | null
  callGasLimit?: Hex
  verificationGasLimit?: Hex
  preVerificationGas?: Hex
  maxFeePerGas?: Hex
  maxPriorityFeePerGas?: Hex
  paymasterVerificationGasLimit?: Hex | null
  paymasterPostOpGasLimit?: Hex | null
}

export interface SponsorWindow {
  chainId: number
  paymaster: Address
  /** Unix seconds; 0 means no bound. */
  validUntil: number
  validAfter: number
}

const big = (value: Hex | null | undefined) => (value ? hexToBigInt(value) : 0n)
/** Two 128-bit values in one word, as EntryPoint v0.7 packs gas limits and fees. */
const packed = (high: Hex | null | undefined, low: Hex | null | undefined) =>
  numberToHex((big(high) << 128n) | big(low), { size: 32 })

/**
 * `VerifyingPaymaster.getHash` of @account-abstraction/contracts 0.7.0, computed here so signing
 * needs no node: the packed operation's fields (its paymasterData left out), the chain, the
 * paymaster and the validity window. An integration test checks it against the contract's own.
 */
export function paymasterHash(op: DraftUserOperation, w: SponsorWindow): Hex {
  const initCode = op.factory ? concat([op.factory, op.factoryData ?? '0x']) : '0x'
  return keccak256(
    encodeAbiParameters(
      [
        { type: 'address' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'address' },
        { type: 'uint48' },
        { type: 'uint48' },
      ],
      [
        op.sender,
        big(op.nonce),
        keccak256(initCode),
        keccak256(op.callData),
        packed(op.verificationGasLimit, op.callGasLimit),
        hexToBigInt(packed(op.paymasterVerificationGasLimit, op.paymasterPostOpGasLimit)),
        big(op.preVerificationGas),
        packed(op.maxPriorityFeePerGas, op.maxFeePerGas),
        BigInt(w.chainId),
        w.paymaster,
        w.validUntil,
        w.validAfter,
      ],
    ),
  )
}

/** paymasterData: the window (two uint48 in two words) and the signer's EIP-191 signature of the hash. */
export async function signedPaymasterData(
  op: DraftUserOperation,
  w: SponsorWindow,
  signerKey: Hex,
): Promise<Hex> {
  const signature = await privateKeyToAccount(signerKey).signMessage({
    message: { raw: paymasterHash(op, w) },
  })
  return concat([
    encodeAbiParameters([{ type: 'uint48' }, { type: 'uint48' }], [w.validUntil, w.validAfter]),
    signature,
  ])
}
