/**
 * Test helpers for the frame's Solana requests: wire transactions built with @solana/kit as a page
 * builds them, and an approval context that records every view it was asked to show.
 */
import { ed25519 } from '@noble/curves/ed25519'
import {
  type Address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase58Decoder,
  getBase58Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type Instruction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import type { DerivedWallet } from '../../custody/keys.js'
import type { RpcContext } from '../../rpc.js'
import type { ApprovalRequest } from '../../ui/approve.js'

export const FRIEND = '6t627Ssizy8rAfD3qrj9LCARgXnBAAik4DuiDagszjmU' as Address
export const STRANGER = '9kwjzaRRSDAM8cu43nv1bLvTfHdzG7rkidgwZoSLsRpw' as Address
export const BLOCKHASH = {
  blockhash: 'H1iMUxgiTMb1xxPx5m8Q646qtPApkYyWRXbv1mk6kUw1',
  lastValidBlockHeight: 100n,
}

/** An unsigned transaction's wire bytes in base58, the user's slot (and any other) left empty. */
export function solanaWire(
  instructions: Instruction[],
  feePayer: Address,
  lifetime: { blockhash: string; lastValidBlockHeight: bigint } = BLOCKHASH,
): string {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(createNoopSigner(feePayer), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime as never, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  return getBase58Decoder().decode(getTransactionEncoder().encode(compileTransaction(message)))
}

export const decodeWire = (base58: string) =>
  getTransactionDecoder().decode(getBase58Encoder().encode(base58))

/** True when `signature` is `signer`'s ed25519 signature over exactly `message`. */
export function signedBy(signature: Uint8Array, message: Uint8Array, signer: string): boolean {
  return ed25519.verify(signature, message, getBase58Encoder().encode(signer) as Uint8Array)
}

/** The frame's context with `cluster` active: its CAIP-2 id and the server's proxy URL for it. */
export const onCluster = (cluster: { caip2: string; proxyUrl: string }): Partial<RpcContext> => ({
  activeChainId: cluster.caip2,
  proxyUrl: () => cluster.proxyUrl,
})

export type RecordingContext = RpcContext & { asked: ApprovalRequest[] }

export function approvalContext(
  wallet: DerivedWallet,
  approve: (request: ApprovalRequest) => boolean,
  extra: Partial<RpcContext> = {},
): RecordingContext {
  const asked: ApprovalRequest[] = []
  return {
    asked,
    wallet,
    // No Solana cluster is active: only a request that names one may send.
    activeChainId: 1,
    proxyUrl: () => '',
    origin: 'http://localhost:5173',
    approve: async (request) => {
      asked.push(request)
      return approve(request)
    },
    ...extra,
  }
}
