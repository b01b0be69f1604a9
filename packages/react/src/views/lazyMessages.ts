import type { LazyMessages, Messages } from '../messages.js'
import { sendEn } from './WalletSendMessages.js'

/*
 * The English of LazyMessages (messages.ts): loaded with the views that show them. One constant per
 * section, so the account view's chunk does not carry the send form's strings.
 */
const feeRateEn = {
  feeRate: 'Fee rate',
  feeRateValue: '{rate} sat/vB',
  feeRateNextBlock: 'Next block',
  feeRateBlocks: 'Within {blocks} blocks',
  feeRatesUnavailable: 'Fee rates are unavailable right now; the send uses a default rate.',
}

const accountEn: LazyMessages['account'] = { balancePending: 'Pending: {amount} {symbol}' }

/** The send section with the lazy strings, the locale's own where it sets them. */
export function sendMessages(messages: Messages): LazyMessages['send'] {
  const english: LazyMessages['send'] = { ...sendEn, ...feeRateEn }
  return { ...english, ...messages.send }
}

/** The account section with the lazy strings, the locale's own where it sets them. */
export const accountMessages = (messages: Messages) => ({ ...accountEn, ...messages.account })
