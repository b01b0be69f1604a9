import { type PickableAccount, truncateAddress } from '@latch/core'
import { useState } from 'react'
import { useLatch } from '../context.js'
import { useLatchAccount } from '../hooks/index.js'
import { fill } from '../messages.js'

/**
 * The active connection's accounts (name, short address as the network spells it, key type); a
 * pick makes that account the app's (the adapter announces it, and the header, balance and history
 * follow). A refusal stays in view with its reason.
 */
export function AccountPicker({
  accounts,
  active,
  t,
  onPicked,
}: {
  accounts: readonly PickableAccount[]
  active: string | undefined
  /** The strings, from the entry (AccountSwitch), which this chunk does not import: no circle. */
  t: Record<'listLabel' | 'active' | 'pickLabel' | 'failed', string>
  onPicked: () => void
}) {
  const { controller } = useLatch('AccountPicker')
  const { namespace } = useLatchAccount()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()

  const pick = (address: string) => {
    const adapter = namespace ? controller.getAdapter(namespace) : undefined
    if (!adapter?.selectAccount) return
    setBusy(true)
    setError(undefined)
    adapter.selectAccount(address).then(
      () => {
        setBusy(false)
        onPicked()
      },
      (cause: unknown) => {
        setBusy(false)
        setError(fill(t.failed, { reason: cause instanceof Error ? cause.message : String(cause) }))
      },
    )
  }

  return (
    <div className="latch-stack" data-testid="account-picker">
      <ul className="latch-list" aria-label={t.listLabel} aria-busy={busy}>
        {accounts.map((account) => {
          const isActive = account.address === active
          const name = account.name ?? truncateAddress(account.address)
          return (
            <li key={account.address}>
              <button
                type="button"
                className="latch-list-item"
                data-testid="account-picker-item"
                data-address={account.address}
                aria-current={isActive ? 'true' : undefined}
                aria-label={fill(t.pickLabel, { name, address: truncateAddress(account.address) })}
                disabled={busy}
                onClick={() => (isActive ? onPicked() : pick(account.address))}
              >
                <span className="latch-wallet-name">
                  {name}{' '}
                  <span className="latch-hint" title={account.address}>
                    {truncateAddress(account.address)}
                  </span>
                </span>
                {account.keyType ? <span className="latch-hint">{account.keyType}</span> : null}
                {isActive ? <span className="latch-tag">{t.active}</span> : null}
              </button>
            </li>
          )
        })}
      </ul>
      {error ? (
        <p className="latch-field-error" role="alert" data-testid="account-picker-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
