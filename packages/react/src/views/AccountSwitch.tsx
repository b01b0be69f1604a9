import type { ChainAdapter } from '@latch/core'
import { lazy, Suspense, useState } from 'react'
import { useStore } from 'zustand'
import { useLatch } from '../context.js'
import { useLatchAccount } from '../hooks/index.js'
import { fill } from '../messages.js'

// The list is a chunk of its own: most connections have one account, and their visitors never
// fetch it. This entry is in the Account view's chunk, which the page's first load does not carry.
const AccountPicker = lazy(() =>
  import('./AccountPicker.js').then((m) => ({ default: m.AccountPicker })),
)

/** The Account view's strings for the picker, the locale's own where it sets `accountPicker`. */
export const pickerMessages = (messages: object) => ({
  switchAccount: 'Switch account ({count})',
  listLabel: 'Accounts',
  active: 'Active',
  pickLabel: 'Use {name} ({address})',
  failed: 'The wallet did not switch: {reason}',
  ...(messages as { accountPicker?: Record<string, string> }).accountPicker,
})

/** The accounts a picker may offer: only where the adapter can also make one of them active. */
export function pickableAccounts(adapter: ChainAdapter | undefined) {
  return adapter?.selectAccount && adapter.getAccounts ? adapter.getAccounts() : []
}

/**
 * "Switch account" in the Account view, shown when the active connection offers several accounts
 * the adapter can pick between (a Polkadot extension shares those the visitor ticked); it opens
 * the picker in place.
 */
export function AccountSwitch() {
  const { stores, controller, messages } = useLatch('AccountSwitch')
  const { namespace, address } = useLatchAccount()
  // The adapter's list is read on each render: an account change (here or in the wallet) updates
  // the connection, which renders this again.
  useStore(stores.connections, (s) => (namespace ? s.connections[namespace] : undefined))
  const [open, setOpen] = useState(false)
  const accounts = pickableAccounts(namespace ? controller.getAdapter(namespace) : undefined)
  if (accounts.length < 2) return null
  const t = pickerMessages(messages)
  return open ? (
    <Suspense fallback={<p className="latch-hint">{messages.modal.loading}</p>}>
      <AccountPicker accounts={accounts} active={address} t={t} onPicked={() => setOpen(false)} />
    </Suspense>
  ) : (
    <button
      type="button"
      className="latch-list-item"
      data-testid="account-switch-account"
      onClick={() => setOpen(true)}
    >
      <span className="latch-wallet-name">{fill(t.switchAccount, { count: accounts.length })}</span>
    </button>
  )
}
