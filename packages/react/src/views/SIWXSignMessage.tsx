import { closeModal, truncateAddress } from '@latch/core'
import { lastAuthenticatedAccount, signInWithWallet } from '@latch/core/siwx'
import { useState } from 'react'
import { useLatch } from '../context.js'
import { useLatchAccount } from '../hooks/index.js'
import { fill, type Messages, type OccasionalMessages } from '../messages.js'

const english: OccasionalMessages['siwx'] = {
  body: 'Sign a message with your wallet to show you own {address}. It is free: no transaction is sent.',
  signIn: 'Sign in',
  signing: 'Confirm in your wallet…',
  cancel: 'Cancel',
  cancelRequired: 'Cancel and disconnect',
  cancelBack: 'Cancel and go back to {name}',
  failed: 'Error signing message',
}

/** The siwx strings: the English above (in this view's chunk), the locale's own where it sets them. */
export const siwxMessages = (messages: Messages) => ({ ...english, ...messages.siwx })

/**
 * docs/behaviour.md#flows (Sign-in): asks the wallet to sign the backend's message. Success
 * closes the modal; a failure says so and stays. When sign-in is required, Cancel switches back to
 * the network the account last had a session on, or else disconnects.
 */
export function SIWXSignMessage() {
  const { stores, controller, config, messages } = useLatch('SIWXSignMessage')
  const { address } = useLatchAccount()
  const [state, setState] = useState<'idle' | 'signing' | 'failed'>('idle')
  const [failure, setFailure] = useState<string>()
  const siwx = config.siwx
  const required = siwx?.getRequired?.() === true
  const t = siwxMessages(messages)
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
  const disconnect = () => void controller.disconnect().then(() => closeModal(stores.router))
  // Back to the network this account last had a session on, when it was another one.
  const chains = stores.chain.getState()
  const chain = chains.activeChain ? chains.chains[chains.activeChain] : undefined
  const last = lastAuthenticatedAccount(controller)
  const backTo =
    required &&
    last &&
    last.address.toLowerCase() === address.toLowerCase() &&
    last.chainId !== chain?.networkState.caipNetwork?.caipNetworkId
      ? chain?.caipNetworks.find((n) => n.caipNetworkId === last.chainId)
      : undefined
  const cancel = () => {
    if (!required) return closeModal(stores.router)
    if (!backTo) return disconnect()
    setState('signing')
    controller.switchNetwork(backTo).then(() => closeModal(stores.router), disconnect)
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
        {backTo
          ? fill(t.cancelBack, { name: backTo.name })
          : required
            ? t.cancelRequired
            : t.cancel}
      </button>
    </div>
  )
}
