import { expect } from '@playwright/test'
import {
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  type Instruction,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { solanaRpcUrl } from '../playwright.config.js'

/**
 * Signs in Node with a dev key and sends through the local cluster's RPC, as any client would;
 * resolves once the transaction landed without an error.
 */
export async function submitViaRpc(payer: KeyPairSigner, instructions: Instruction[]) {
  const rpc = createSolanaRpc(solanaRpcUrl)
  const { value: lifetime } = await rpc.getLatestBlockhash().send()
  const transaction = await pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
    (m) => signTransactionMessageWithSigners(m),
  )
  const signature = await rpc
    .sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64' })
    .send()
  await expect
    .poll(async () => {
      const [status] = (await rpc.getSignatureStatuses([signature]).send()).value
      return status ? status.err : 'pending'
    })
    .toBeNull()
  return signature
}
