import { type ChainNamespace, closeModal, type OAuthSocialProvider, pushView } from '@latch/core'
import { useEffect, useRef, useState } from 'react'
import { useLatch } from '../context.js'
import { fill } from '../messages.js'
import { errorText } from './email.js'

/** docs/behaviour.md#state: the providers in the order of the seed's defaults. */
const ORDER: readonly (OAuthSocialProvider | 'farcaster')[] = [
  'google',
  'x',
  'farcaster',
  'discord',
  'apple',
  'github',
  'facebook',
]
const LABELS: Record<OAuthSocialProvider | 'farcaster', string> = {
  google: 'Google',
  x: 'X',
  farcaster: 'Farcaster',
  discord: 'Discord',
  apple: 'Apple',
  github: 'GitHub',
  facebook: 'Facebook',
}

/**
 * One button per social provider the project enables and the server offers (remote config).
 * The click opens the provider's popup at once; the modal waits for it, then connects through
 * the embedded wallet's connector, as the email code does.
 */
export function SocialButtons({
  socials,
  namespace,
}: {
  socials: readonly string[]
  namespace: ChainNamespace
}) {
  const { stores, controller, auth, messages } = useLatch('SocialButtons')
  const [pending, setPending] = useState<OAuthSocialProvider | 'connecting' | undefined>()
  const [failure, setFailure] = useState<string | undefined>()
  const abort = useRef<AbortController | undefined>(undefined)
  useEffect(() => () => abort.current?.abort(), [])
  // Farcaster signs in by QR code (its own view); the others through a popup.
  const providers = ORDER.filter(
    (p) =>
      socials.includes(p) && (p === 'farcaster' ? !!auth?.connectFarcaster : !!auth?.connectSocial),
  )
  if (!auth || providers.length === 0) return null
  const t = messages.social

  const signIn = async (provider: OAuthSocialProvider) => {
    abort.current?.abort()
    const controllerForThis = new AbortController()
    abort.current = controllerForThis
    setFailure(undefined)
    setPending(provider)
    try {
      // No await before this call: the popup must open inside the click.
      await auth.connectSocial!(provider, { signal: controllerForThis.signal })
      setPending('connecting')
      await controller.connect({ namespace, connectorId: auth.connectorId })
      closeModal(stores.router)
    } catch (cause) {
      if (!controllerForThis.signal.aborted) setFailure(errorText(cause, messages.email.failed))
    } finally {
      if (abort.current === controllerForThis) setPending(undefined)
    }
  }

  return (
    <section className="latch-section" aria-label={t.groupLabel} data-testid="socials">
      <div className="latch-socials">
        {providers.map((provider) => (
          <button
            key={provider}
            type="button"
            className="latch-secondary-button"
            aria-label={fill(t.continueWith, { provider: LABELS[provider] })}
            disabled={pending !== undefined}
            onClick={() =>
              provider === 'farcaster'
                ? pushView(stores.router, 'ConnectingFarcaster')
                : void signIn(provider)
            }
            data-testid={`social-${provider}`}
          >
            {LABELS[provider]}
          </button>
        ))}
      </div>
      {pending ? (
        <p className="latch-hint" role="status">
          <span className="latch-spinner latch-spinner--small" aria-hidden="true" />{' '}
          {pending === 'connecting' ? t.connecting : fill(t.waiting, { provider: LABELS[pending] })}
        </p>
      ) : null}
      {failure ? (
        <p className="latch-field-error" role="alert">
          {failure}
        </p>
      ) : null}
    </section>
  )
}
