/**
 * The buy views' English. Kept in their chunk (like lazyMessages.ts) so a page without on-ramp
 * carries none of it; a locale may set `messages.buy` with the same keys.
 */
export const buyEn = {
  asset: 'Asset',
  amount: 'Amount',
  method: 'Pay by',
  currency: 'Currency',
  card: 'Card',
  bank: 'Bank transfer',
  loading: 'Loading what you can buy…',
  unavailable: 'Buying is unavailable right now: {reason}',
  noAssets: 'Nothing can be bought on {network} here.',
  limits: 'From {min} to {max} {currency}',
  below: 'The minimum by {method} is {min} {currency}.',
  above: 'The maximum by {method} is {max} {currency}.',
  invalid: 'Enter an amount like 50 or 49.99.',
  methodUnavailable: 'Paying by {method} in {currency} is not offered.',
  quoting: 'Getting quotes…',
  youGet: 'You get about {amount} {symbol}',
  fees: 'Fees {fee} {currency} · network {network} {currency}',
  total: 'Total {total} {currency}',
  buyWith: 'Buy with {provider}',
  opening: 'Opening {provider}…',
  popupBlocked: 'The checkout window was blocked. Open it here:',
  openCheckout: 'Open checkout',
  statusCreated: 'Waiting for you to pay in the {provider} window…',
  statusPending: 'Payment received; {provider} is sending your {symbol}…',
  statusCompleted: 'Done: {amount} {symbol} arrived.',
  statusFailed: 'The purchase failed: {reason}',
  statusWaitingChain: '{provider} sent it; waiting to see it on chain…',
  transaction: 'Transaction {hash}',
  backToAccount: 'Back to account',
  tryAgain: 'Try again',
}

export type BuyMessages = typeof buyEn

/** The locale's own strings over the English, where it sets them. */
export function buyMessages(messages: object): BuyMessages {
  const own = (messages as { buy?: Partial<BuyMessages> }).buy
  return { ...buyEn, ...own }
}
