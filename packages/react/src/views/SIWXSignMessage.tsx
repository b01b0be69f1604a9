import { closeModal, truncateAddress } from '@latch/core'
import { signInWithWallet } from '@latch/core/siwx'
import { useState } from 'react'
import { useLatch } from '../context.js'
import { useLatchAccount } from '../hooks/index.js'
import { fill } from '../messages.js'

/**
 * docs/behaviour.md#flows (Sign-in): asks the wallet to sign the backend's message. Success
 * closes the modal; a failure says so and stays; Cancel disconnects when sign-in is required.
 */
export function SIWXSignMessage() {
  const { stores, controller, config, messages } = useLatch('SIWXSignMessage')
  const { address } = useLatchAccount()
  const [state, setState] = useState<'idle' | 'signing' | 'failed'>('idle')
  const [failure, setFailure] = useState<string>()
  const siwx = config.siwx
  const required = siwx?.getRequired?.() === true
  const t = messages.siwx
  if (!siwx || !address) return null

  const signIn = () => {
    setState('signing')
    signInWithWallet(controller, siwx).then(
      () => closeModal(stores.router),
      (error: unknown) => {
        setState('failed')
        const refused = (error as { category?: string }).category === 'USER_REJECTED'
        setFailure(!refused && error instanceof Error && error.message ? error.message : t.failed)
      },
    )
  }
  const cancel = () => {
    if (required) void controller.disconnect().then(() => closeModal(stores.router))
    else closeModal(stores.router)
  }

  return (
    <div className="latch-view latch-email-view" data-testid="view-siwx">
      <p className="latch-hint">{fill(t.body, { address: truncateAddress(address) })}</p>
      {state === 'failed' ? (
        <p className="latch-field-error" role="alert">
          {failure}
        </p>
      ) : null}
      <button
        type="button"
        className="latch-primary-button"
        disabled={state === 'signing'}
        onClick={signIn}
      >
        {state === 'signing' ? t.signing : t.signIn}
      </button>
      <button
        type="button"
        className="latch-link-button"
        disabled={state === 'signing'}
        onClick={cancel}
      >
        {required ? t.cancelRequired : t.cancel}
      </button>
    </div>
  )
}
