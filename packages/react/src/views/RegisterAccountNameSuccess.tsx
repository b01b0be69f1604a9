import { replaceView, selectRoute } from '@latch/core'
import { useStore } from 'zustand'
import { useLatch } from '../context.js'
import { fill } from '../messages.js'
import { nameMessages } from './RegisterAccountName.js'

export { RegisterAccountName } from './RegisterAccountName.js'

/** docs/behaviour.md#name-registration: the name is the account's; Done goes back to Account. */
export function RegisterAccountNameSuccess() {
  const { stores, messages } = useLatch('RegisterAccountNameSuccess')
  const route = useStore(stores.router, (s) => selectRoute(s, 'RegisterAccountNameSuccess'))
  const t = nameMessages(messages)
  return (
    <div className="latch-view" data-testid="view-register-name-success">
      <p className="latch-account-name" data-testid="registered-name">
        {fill(t.success, { name: route?.name ?? '' })}
      </p>
      <p className="latch-hint">{t.successBody}</p>
      <button
        type="button"
        className="latch-primary-button"
        onClick={() => replaceView(stores.router, 'Account')}
      >
        {t.done}
      </button>
    </div>
  )
}
