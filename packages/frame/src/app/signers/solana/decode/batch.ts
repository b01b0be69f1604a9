/**
 * Several Solana transactions on one approval screen (solana_signAllTransactions,
 * docs/embedded-wallet.md#solana-transactions): each transaction's instructions under its own
 * heading, "Transaction 1 of N", and every danger of every transaction, named with its heading.
 * Built only from transactions already decoded for the user, so what is signed is what is shown.
 */

import { toHex } from 'viem'
import { type ApprovalView, type Field, leaf } from '../../../decode/view.js'
import { t } from '../../../i18n/index.js'
import { st } from '../text.js'
import type { DecodedSolanaTransaction } from './transaction.js'

/** At most this many per request: each is shown in full, and the screen must stay readable. */
export const MAX_BATCH_TRANSACTIONS = 16

function transactionFields(decoded: DecodedSolanaTransaction, user: string): Field[] {
  const fields: Field[] = [
    leaf(
      st('sol.feePaidBy'),
      decoded.feePayer === user ? t('address.you', { address: user }) : decoded.feePayer,
      true,
    ),
  ]
  decoded.instructions.forEach((instruction, i) => {
    fields.push(leaf(st('sol.instruction', { n: i + 1 }), instruction.summary))
    if (instruction.fields.length > 0)
      fields.push({ label: st('sol.details'), children: instruction.fields })
  })
  return fields
}

export function solanaBatchView(
  batch: readonly DecodedSolanaTransaction[],
  user: string,
  origin: string,
): ApprovalView {
  const heading = (i: number) => st('sol.batchHeading', { n: i + 1, count: batch.length })
  const item = (i: number, text: string) => st('sol.batchItem', { heading: heading(i), text })
  return {
    title:
      batch.length === 1 ? st('sol.batchTitleOne') : st('sol.batchTitle', { count: batch.length }),
    dangers: batch.flatMap((decoded, i) => decoded.view.dangers.map((danger) => item(i, danger))),
    summary: batch.flatMap((decoded, i) =>
      decoded.instructions.map((instruction) => item(i, instruction.summary)),
    ),
    sections: [
      {
        title: st('sol.request'),
        fields: [
          leaf(st('sol.fromSite'), origin),
          leaf(st('sol.transactions'), st('sol.allSigned', { count: batch.length })),
        ],
      },
      ...batch.map((decoded, i) => ({
        title: heading(i),
        fields: transactionFields(decoded, user),
      })),
    ],
    raw: {
      label: st('sol.rawMessages'),
      text: batch
        .map(
          (decoded, i) =>
            `${heading(i)}\n${toHex(new Uint8Array(decoded.transaction.messageBytes))}`,
        )
        .join('\n\n'),
    },
  }
}
