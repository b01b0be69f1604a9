import { useLatch } from '../context.js'
import { useLatchAccount, useLatchNetwork } from '../hooks/index.js'
import { explorerTxUrl } from '../views/networkImage.js'
import { ActivityList } from './ActivityList.js'
import { activityMessages } from './activityMessages.js'

/** The active account's history on the active network; the page and the modal both show it. */
export function AccountActivity() {
  const { history, messages } = useLatch('AccountActivity')
  const { address } = useLatchAccount()
  const { network, networks } = useLatchNetwork()
  return (
    <ActivityList
      history={history}
      account={address}
      caipNetworkId={network?.caipNetworkId}
      messages={activityMessages(messages)}
      explorerTxUrl={(chain, hash) =>
        explorerTxUrl(
          networks.find((n) => n.caipNetworkId === chain),
          hash,
        )
      }
    />
  )
}
