import type { Transaction } from './types.js'

/** Spam only when every transfer is flagged (an NFT, or a Solana airdrop token): one real token keeps it. */
export function isSpamOnly(transaction: Transaction): boolean {
  const transfers = transaction.transfers ?? []
  return (
    transfers.length > 0 &&
    transfers.every(
      (t) => t.nft_info?.flags.is_spam === true || t.fungible_info?.flags?.is_spam === true,
    )
  )
}

export function dropSpam(transactions: readonly Transaction[]): Transaction[] {
  return transactions.filter((t) => !isSpamOnly(t))
}

export function keepChain(transactions: readonly Transaction[], caipNetworkId: string | undefined) {
  return transactions.filter((t) => t.metadata.chain === caipNetworkId)
}
