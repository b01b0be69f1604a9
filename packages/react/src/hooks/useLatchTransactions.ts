import { useTransactionHistory } from '../activity/useTransactionHistory.js'
import { useLatch } from '../context.js'
import { useLatchAccount } from './useLatchAccount.js'
import { useLatchNetwork } from './useLatchNetwork.js'

/** The active account's history on the active network, refetched when either changes. */
export function useLatchTransactions() {
  const { history } = useLatch('useLatchTransactions')
  const { address } = useLatchAccount()
  const { network } = useLatchNetwork()
  return useTransactionHistory(history, address, network?.caipNetworkId)
}
