import { errorMessages, operationTitles } from '@latch/core'
import { activityMessages } from '../activity/activityMessages.js'
import { en, type Messages } from '../messages.js'
import { pickerMessages } from '../views/AccountSwitch.js'
import { accountTypeMessages } from '../views/AccountTypeSwitch.js'
import { allWalletsMessages } from '../views/AllWallets.js'
import { approveTransactionMessages } from '../views/ApproveTransaction.js'
import { buyMessages } from '../views/BuyMessages.js'
import { multiChainMessages } from '../views/ConnectingMultiChain.js'
import { walletConnectMessages } from '../views/ConnectingWalletConnect.js'
import { emailLoginMessages } from '../views/EmailLogin.js'
import { frameMessages } from '../views/FrameSignIn.js'
import { legalMessages } from '../views/LegalCheckbox.js'
import { accountMessages, sendMessages } from '../views/lazyMessages.js'
import { nameMessages } from '../views/RegisterAccountName.js'
import { siwxMessages } from '../views/SIWXSignMessage.js'
import { swapMessages } from '../views/SwapMessages.js'
import { switchActiveChainMessages } from '../views/SwitchActiveChain.js'
import { unsupportedMessages } from '../views/UnsupportedChain.js'
import { updateEmailMessages } from '../views/UpdateEmail.js'
import { receiveMessages } from '../views/WalletReceive.js'
import type { Catalogue } from './catalogue.js'

/**
 * The alerts and errors a visitor reads (docs/behaviour.md#errors) that a locale translates; the
 * others of errorMessages are for developers and stay English.
 */
export const visitorErrors = [
  errorMessages.connectionRejected,
  errorMessages.failedToConnect,
  errorMessages.rpcTimeout,
  errorMessages.actionNotAllowed,
  errorMessages.somethingWentWrong,
  errorMessages.anErrorOccurred,
  errorMessages.unsupportedChain,
  errorMessages.networkNotFound,
  errorMessages.networkNotSupportedForSwaps,
  errorMessages.multiWalletNotEnabled,
  errorMessages.tokenBalanceUnavailable,
  errorMessages.errorSigningMessage,
  errorMessages.authInitFailed,
  errorMessages.authenticating,
  errorMessages.failedToFetchTransactions,
  errorMessages.amountAndReceiverRequired,
  errorMessages.tokenRequired,
  errorMessages.invalidReceiver,
  errorMessages.invalidAmount,
  errorMessages.insufficientFunds,
  errorMessages.sendFailed,
  'Project ID Not Configured',
  'Invalid Project ID',
  'Origin Not Allowed',
  'Rate Limited',
  'Server Error',
  'Local configuration ignored',
  // The WalletConnect relay refusing the app's auth token (@latch/core relayRefusals.ts).
  'Session Expired',
  'The secure wallet did not answer in time. Please try again.',
]

/**
 * All of English as one catalogue: `en` and the English each lazy view keeps beside it (read through
 * the same functions the views use). Not in any page's bundle: tests (and the e2e's English
 * detector) compare other locales against it.
 */
export function englishCatalogue(): Catalogue {
  const m = en as Messages
  return {
    ...en,
    account: accountMessages(m) as Catalogue['account'],
    send: sendMessages(m),
    activity: { ...activityMessages(m), operations: { ...operationTitles } },
    siwx: siwxMessages(m),
    receive: receiveMessages(m),
    names: nameMessages(m),
    updateEmail: updateEmailMessages(m),
    walletConnect: walletConnectMessages(m),
    allWallets: allWalletsMessages(m),
    multiChain: multiChainMessages(m),
    unsupported: unsupportedMessages(m),
    frame: frameMessages(m),
    switchActiveChain: switchActiveChainMessages(m),
    approveTransaction: approveTransactionMessages(m),
    emailLogin: emailLoginMessages(m),
    legal: legalMessages(m),
    swap: swapMessages(m),
    buy: buyMessages(m),
    accountPicker: pickerMessages(m),
    accountTypeSwitch: accountTypeMessages(m),
    errors: Object.fromEntries(visitorErrors.map((text) => [text, text])),
  }
}
