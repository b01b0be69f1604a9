import type { MessageVerifier } from '@latch/core'
import { eip155MessageVerifier } from '@latch/core/evm'
import { useLatch, useLatchAccount, useLatchSignMessage } from '@latch/react'
import { type FormEvent, useId, useState } from 'react'
import { families } from './families'
import { signMessages } from './signMessages'

type Check = { state: 'idle' | 'checking' } | { state: 'done'; valid: boolean }

async function verifierFor(namespace: string | undefined): Promise<MessageVerifier | undefined> {
  if (namespace === eip155MessageVerifier.namespace) return eip155MessageVerifier
  // Each family's check loads on its accounts' first signature, only in builds that enable it.
  return families.find((family) => family.networks[0]?.chainNamespace === namespace)?.loadVerifier()
}

/**
 * Signs a message with the connected wallet and checks the signature against the account, as a
 * dapp's server would. Loaded with its first use, viem's signature recovery with it (a static
 * import here: `import('viem')` would resolve to the entry chunk's viem and grow it).
 */
export function SignMessagePanel() {
  const { signMessage, data, error, isPending } = useLatchSignMessage()
  const { namespace } = useLatchAccount()
  const messages = signMessages(useLatch('SignMessagePanel').messages)
  const [message, setMessage] = useState(messages.defaultMessage)
  const [check, setCheck] = useState<Check>({ state: 'idle' })
  const fieldId = useId()

  async function submit(event: FormEvent) {
    event.preventDefault()
    setCheck({ state: 'idle' })
    const signed = await signMessage({ message }).catch(() => undefined)
    if (!signed) return
    setCheck({ state: 'checking' })
    // The signing namespace's own check (EIP-191 on EVM, ed25519 on Solana, BIP-322 on Bitcoin).
    const verify = (await verifierFor(namespace).catch(() => undefined))?.verifyMessage
    const valid = verify
      ? await verify({ address: signed.address, message, signature: signed.signature }).catch(
          () => false,
        )
      : false
    setCheck({ state: 'done', valid })
  }

  return (
    <form className="app-sign" onSubmit={submit} aria-labelledby={`${fieldId}-title`}>
      <h3 id={`${fieldId}-title`}>{messages.title}</h3>
      <label htmlFor={fieldId}>{messages.label}</label>
      <textarea
        id={fieldId}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        rows={3}
        maxLength={2000}
        required
      />
      <button type="submit" className="app-cta" disabled={isPending || message.length === 0}>
        {isPending ? messages.waiting : messages.submit}
      </button>
      <div aria-live="polite" data-testid="sign-result">
        {error && !isPending ? (
          <p role="alert" className="app-sign-error">
            {error.message}
          </p>
        ) : null}
        {data ? (
          <>
            <p className="app-sign-label">{messages.signature}</p>
            <p className="app-mono app-sign-signature" data-testid="signature">
              {data.signature}
            </p>
            <p data-testid="signature-check">
              {check.state === 'checking'
                ? messages.checking
                : check.state === 'done'
                  ? check.valid
                    ? messages.valid
                    : messages.invalid
                  : null}
            </p>
          </>
        ) : null}
      </div>
    </form>
  )
}
