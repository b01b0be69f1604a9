/**
 * Several Solana transactions on one approval screen (solana_signAllTransactions,
 * docs/embedded-wallet.md#solana-transactions): each transaction's instructions under its own
 * heading, "Transaction 1 of N", and every danger of every transaction, named with its heading.
 * Built only from transactions already decoded for the user, so what is signed is what is shown.
 */

import { toHex } from 'viem'
import { type ApprovalView, type Field, leaf } from '../../../decode/view.js'
import type { DecodedSolanaTransaction } from './transaction.js'

/** At most this many per request: each is shown in full, and the screen must stay readable. */
export const MAX_BATCH_TRANSACTIONS = 16

function transactionFields(decoded: DecodedSolanaTransaction, user: string): Field[] {
  const fields: Field[] = [
    leaf('Fee paid by', decoded.feePayer === user ? `${user} (you)` : decoded.feePayer, true),
  ]
  decoded.instructions.forEach((instruction, i) => {
    fields.push(leaf(`Instruction ${i + 1}`, instruction.summary))
    if (instruction.fields.length > 0)
      fields.push({ label: 'Details', children: instruction.fields })
  })
  return fields
}

export function solanaBatchView(
  batch: readonly DecodedSolanaTransaction[],
  user: string,
  origin: string,
): ApprovalView {
  const heading = (i: number) => `Transaction ${i + 1} of ${batch.length}`
  return {
    title: `Sign ${batch.length} Solana transaction${batch.length === 1 ? '' : 's'}`,
    dangers: batch.flatMap((decoded, i) =>
      decoded.view.dangers.map((danger) => `${heading(i)}: ${danger}`),
    ),
    summary: batch.flatMap((decoded, i) =>
      decoded.instructions.map((instruction) => `${heading(i)}: ${instruction.summary}`),
    ),
    sections: [
      {
        title: 'Request',
        fields: [
          leaf('From site', origin),
          leaf('Transactions', `${batch.length}, all signed when you approve`),
        ],
      },
      ...batch.map((decoded, i) => ({
        title: heading(i),
        fields: transactionFields(decoded, user),
      })),
    ],
    raw: {
      label: 'Transaction messages (hex)',
      text: batch
        .map(
          (decoded, i) =>
            `${heading(i)}\n${toHex(new Uint8Array(decoded.transaction.messageBytes))}`,
        )
        .join('\n\n'),
    },
  }
}
