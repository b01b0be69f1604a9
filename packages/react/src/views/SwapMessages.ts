/**
 * The Swap view's English. Kept in its chunk (like BuyMessages.ts) so a page without swaps
 * carries none of it; a locale may set `messages.swap` with the same keys.
 */
export const swapEn = {
  from: 'You pay',
  to: 'You receive',
  amount: 'Amount',
  max: 'Max',
  balance: 'Balance {amount} {symbol}',
  loading: 'Loading tokens…',
  quoting: 'Getting a quote…',
  youGet: '≈ {amount} {symbol}',
  worth: '≈ {usd} USD',
  minimum: 'Minimum received {amount} {symbol} at {slippage} % slippage',
  slippage: 'Slippage tolerance (%)',
  badSlippage: 'Enter a slippage from 0.01 to 50 %.',
  badAmount: 'Enter an amount this token can hold, like 1.5.',
  tooMuch: 'More than your balance.',
  networkFee: 'Network fee ≈ {fee} {symbol}',
  search: 'search by name, symbol or address',
  noMatch: 'No token matches; the list shows your last pick.',
  held: '{amount} held',
  price: '{usd} USD',
  priceImpact: 'Price impact {impact} %',
  highImpact:
    'High price impact: at {impact} % this trade gets much less than the market price. Try a smaller amount.',
  approve: 'Approve {symbol}',
  approving: 'Approving {symbol}…',
  swap: 'Swap',
  swapping: 'Swapping…',
  done: 'Swapped: {amount} {symbol} arrived.',
  failed: 'The swap failed: {reason}',
  reverted: 'The transaction reverted on chain (the price may have moved past your slippage).',
  priceMoved: 'The price moved past your slippage tolerance before the swap was mined.',
  expired: 'The swap waited past its deadline; ask for a new quote.',
  rejected: 'You declined the request in your wallet.',
  noAccount: 'Connect an EVM account to swap.',
}

export type SwapMessages = typeof swapEn

/** The locale's own strings over the English, where it sets them. */
export function swapMessages(messages: object): SwapMessages {
  const own = (messages as { swap?: Partial<SwapMessages> }).swap
  return { ...swapEn, ...own }
}
