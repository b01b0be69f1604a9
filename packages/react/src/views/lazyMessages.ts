import type { LazyMessages, Messages } from '../messages.js'

/** The English of LazyMessages (messages.ts): loaded with the views that show them. */
export const lazyEn: LazyMessages = {
  send: {
    feeRate: 'Fee rate',
    feeRateValue: '{rate} sat/vB',
    feeRateNextBlock: 'Next block',
    feeRateBlocks: 'Within {blocks} blocks',
    feeRatesUnavailable: 'Fee rates are unavailable right now; the send uses a default rate.',
  },
  account: { balancePending: 'Pending: {amount} {symbol}' },
}

/** The send section with the lazy strings, the locale's own where it sets them. */
export const sendMessages = (messages: Messages) => ({ ...lazyEn.send, ...messages.send })

/** The account section with the lazy strings, the locale's own where it sets them. */
export const accountMessages = (messages: Messages) => ({ ...lazyEn.account, ...messages.account })
