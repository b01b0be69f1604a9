/**
 * The send views' English (LazyMessages['send'] but the fee rate's, which lazyMessages.ts adds): in
 * their chunk, not in `en`, which loads with the page.
 */
export const sendEn = {
  token: 'Token',
  amount: 'Amount',
  /** A refused amount (WalletSendAmount.ts): `{mark}` the locale's decimal mark, `{example}` 1234.5 in it. */
  amountMark:
    'Write the amount with "{mark}" as the decimal mark and no thousands separators, as in {example}.',
  max: 'Max',
  maxLabel: 'Max: the most you can send',
  available: 'Available: {amount} {symbol}',
  receiver: 'To',
  receiverHint: 'A 0x address on {network}',
  fee: 'Network fee',
  feeValue: '≈ {amount} {symbol}',
  feeUnknown: 'estimated by your wallet',
  receiverPlaceholder: '0x… or name',
  /** For a namespace without names: its traits' label ("Solana address"). */
  receiverPlaceholderAddress: '{label} address',
  /** A send cost (Solana's traits): the receiver has no account for the token yet; the send opens one and pays its rent. */
  rent: 'New token account for the receiver',
  preview: 'Review send',
  noTokens: 'This account holds nothing to send on {network}.',
  sendLabel: 'Send',
  sending: 'Confirm in your wallet…',
  rejected: 'You declined the request in your wallet.',
  pending: 'Pending: waiting for a block…',
  confirmed: 'Sent: the transaction is confirmed.',
  failed: 'Failed: the transaction was reverted on chain.',
  transaction: 'Transaction',
  viewOnExplorer: 'View on explorer',
  done: 'Done',
  network: 'Network',
  resolving: 'Looking up {name}…',
  resolved: '{name} is {address}',
}
