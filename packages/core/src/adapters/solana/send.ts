import {
  type Address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getTransactionEncoder,
  type Instruction,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
} from '@solana-program/token'
import type { SendParameters } from '../types.js'
import type { SolanaRpc } from './rpc.js'

/** Bytes of an SPL token account: the rent a new one holds. */
const TOKEN_ACCOUNT_SIZE = 165n

export class SolanaSendError extends Error {
  override name = 'SolanaSendError'
}

export interface SolanaTransfer {
  /** The unsigned transaction, in wire form, for the wallet to sign. */
  transaction: Uint8Array
  /** Lamports the network charges (signatures and priority). */
  fee: bigint
  /** Lamports moved into a new token account for the receiver; 0 when it has one. */
  rent: bigint
}

async function mintInfo(rpc: SolanaRpc, mint: Address) {
  const { value } = await rpc.getAccountInfo(mint, { encoding: 'base64' }).send()
  if (!value) throw new SolanaSendError(`No token mint at ${mint}`)
  const data = Uint8Array.from(atob(value.data[0]), (c) => c.charCodeAt(0))
  // A mint's decimals sit at byte 44 (after authority option, authority and supply).
  const decimals = data[44]
  if (decimals === undefined) throw new SolanaSendError(`${mint} is not a token mint`)
  return { decimals, tokenProgram: value.owner }
}

/**
 * The transaction a send asks the wallet to sign: a System transfer for SOL; for an SPL token a
 * TransferChecked between the two owners' associated token accounts, opening the receiver's first
 * when it has none (the sender pays its rent, shown before sending).
 */
export async function buildTransfer(
  rpc: SolanaRpc,
  parameters: SendParameters,
): Promise<SolanaTransfer> {
  const from = parameters.from as Address
  const to = parameters.to as Address
  const payer = createNoopSigner(from)
  const instructions: Instruction[] = []
  let rent = 0n
  if (!parameters.tokenAddress) {
    instructions.push(
      getTransferSolInstruction({
        source: payer,
        destination: to,
        amount: lamports(parameters.value),
      }),
    )
  } else {
    const mint = parameters.tokenAddress as Address
    const { decimals, tokenProgram } = await mintInfo(rpc, mint)
    const [source] = await findAssociatedTokenPda({ owner: from, mint, tokenProgram })
    const [destination] = await findAssociatedTokenPda({ owner: to, mint, tokenProgram })
    const existing = await rpc.getAccountInfo(destination, { encoding: 'base64' }).send()
    if (!existing.value) {
      rent = await rpc.getMinimumBalanceForRentExemption(TOKEN_ACCOUNT_SIZE).send()
      instructions.push(
        getCreateAssociatedTokenIdempotentInstruction({
          payer,
          ata: destination,
          owner: to,
          mint,
          tokenProgram,
        }),
      )
    }
    instructions.push(
      getTransferCheckedInstruction(
        { source, mint, destination, authority: payer, amount: parameters.value, decimals },
        { programAddress: tokenProgram },
      ),
    )
  }
  const { value: lifetime } = await rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const compiled = compileTransaction(message)
  const { value: fee } = await rpc
    .getFeeForMessage(btoa(String.fromCharCode(...compiled.messageBytes)) as never)
    .send()
  return {
    transaction: new Uint8Array(getTransactionEncoder().encode(compiled)),
    fee: fee ?? 5000n,
    rent,
  }
}
