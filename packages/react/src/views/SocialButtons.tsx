import { type OAuthSocialProvider, pushView } from '@latch/core'
import { useLatch } from '../context.js'
import { fill } from '../messages.js'
import { SOCIAL_LABELS } from './socialLabels.js'
import { socialsForPlatform } from './socialsForPlatform.js'

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

/**
 * One button per social provider the project enables and the server offers (remote config), less
 * those Telegram's in-app browser cannot finish.
 * A click opens the view that waits on the secure frame, which runs the sign-in in its own
 * window (the provider's popup, Farcaster's QR code): the page learns only the outcome.
 */
export function SocialButtons({ socials }: { socials: readonly string[] }) {
  const { stores, auth, messages } = useLatch('SocialButtons')
  // docs/behaviour.md#flags: inside Telegram, providers whose sign-in cannot finish there are left out.
  const offered = socialsForPlatform(socials)
  const providers = ORDER.filter(
    (p) =>
      offered.includes(p) && (p === 'farcaster' ? !!auth?.connectFarcaster : !!auth?.connectSocial),
  )
  if (!auth || providers.length === 0) return null
  const t = messages.social

  return (
    <section className="latch-section" aria-label={t.groupLabel} data-testid="socials">
      <div className="latch-socials">
        {providers.map((provider) => (
          <button
            key={provider}
            type="button"
            className="latch-secondary-button"
            aria-label={fill(t.continueWith, { provider: SOCIAL_LABELS[provider] })}
            onClick={() =>
              pushView(
                stores.router,
                provider === 'farcaster'
                  ? 'ConnectingFarcaster'
                  : { view: 'ConnectingSocial', provider },
              )
            }
            data-testid={`social-${provider}`}
          >
            {SOCIAL_LABELS[provider]}
          </button>
        ))}
      </div>
    </section>
  )
}
