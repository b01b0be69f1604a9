import { LatchError } from '../errors/base.js'
import type { Features } from '../stores/options.js'
import { isHttpLink } from './links.js'

// The app's feature flags as createLatch reads them (docs/behaviour.md#flags): checked once, so
// a flag Latch cannot honour fails at start-up with a sentence, not later as a missing screen.
// Kept short: this runs on every page before the first paint.

/** An option Latch refuses: `pay`, or a legal link it cannot show safely. */
export class InvalidOptionError extends LatchError {
  override name = 'InvalidOptionError'
  constructor(
    readonly option: 'pay' | 'legalCheckbox' | 'termsConditionsUrl' | 'privacyPolicyUrl',
    reason: string,
  ) {
    super(`${option}: ${reason} (docs/behaviour.md#flags)`)
  }
}

/** The terms and privacy links the legal checkbox names (docs/behaviour.md#flags). */
export interface LegalLinks {
  termsConditionsUrl?: string | undefined
  privacyPolicyUrl?: string | undefined
}

/**
 * Refuses what Latch does not build (`pay`) and checks the legal links, throwing an
 * InvalidOptionError that names the option. A link is shown as an `<a href>`, so only an absolute
 * http(s) URL passes: a `javascript:` or `data:` URL from a careless config never becomes a
 * script run by the visitor's click. `legalCheckbox` needs a link, else the box would gate
 * connecting on an agreement to nothing.
 */
export function checkFeatureFlags(features: Partial<Features>, links: LegalLinks): void {
  if (features.pay) throw new InvalidOptionError('pay', 'not supported by Latch')
  for (const option of ['termsConditionsUrl', 'privacyPolicyUrl'] as const) {
    const link = links[option]
    if (link !== undefined && !isHttpLink(link))
      throw new InvalidOptionError(option, 'not an absolute http(s) URL')
  }
  if (features.legalCheckbox && !links.termsConditionsUrl && !links.privacyPolicyUrl)
    throw new InvalidOptionError('legalCheckbox', 'needs termsConditionsUrl or privacyPolicyUrl')
}
