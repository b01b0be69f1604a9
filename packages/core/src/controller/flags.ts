import { LatchError } from '../errors/base.js'
import type { Features } from '../stores/options.js'

// The app's feature flags as createLatch reads them (docs/behaviour.md#flags): checked once, so
// a flag Latch cannot honour fails at start-up with a sentence, not later as a missing screen.

export class UnsupportedFeatureError extends LatchError {
  override name = 'UnsupportedFeatureError'
  constructor(readonly feature: 'pay') {
    super('features.pay is not supported by Latch (see docs/behaviour.md#flags)')
  }
}

export class InvalidLegalLinkError extends LatchError {
  override name = 'InvalidLegalLinkError'
  constructor(
    readonly option: 'termsConditionsUrl' | 'privacyPolicyUrl' | 'legalCheckbox',
    reason: string,
  ) {
    super(`Invalid ${option}: ${reason}`)
  }
}

/** The terms and privacy links the legal checkbox names (docs/behaviour.md#flags). */
export interface LegalLinks {
  termsConditionsUrl?: string | undefined
  privacyPolicyUrl?: string | undefined
}

/**
 * A legal link is shown as an `<a href>`: only http(s) is accepted, so a `javascript:` or `data:`
 * URL from a careless config can never become a script run by the visitor's click.
 */
function checkLink(option: 'termsConditionsUrl' | 'privacyPolicyUrl', value: unknown) {
  if (value === undefined) return
  let url: URL
  try {
    url = new URL(String(value))
  } catch {
    throw new InvalidLegalLinkError(option, 'not an absolute URL')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new InvalidLegalLinkError(option, `only http(s) links are allowed, not ${url.protocol}`)
}

/**
 * Refuses what Latch does not build (`pay`) and checks the legal links; throws a typed error
 * naming the option. `legalCheckbox` needs at least one link, else the box would gate connecting
 * on an agreement to nothing.
 */
export function checkFeatureFlags(features: Partial<Features> | undefined, links: LegalLinks) {
  if (features?.pay) throw new UnsupportedFeatureError('pay')
  checkLink('termsConditionsUrl', links.termsConditionsUrl)
  checkLink('privacyPolicyUrl', links.privacyPolicyUrl)
  if (features?.legalCheckbox && !links.termsConditionsUrl && !links.privacyPolicyUrl)
    throw new InvalidLegalLinkError(
      'legalCheckbox',
      'set termsConditionsUrl or privacyPolicyUrl for the checkbox to link to',
    )
}

type Env = {
  navigator?: { userAgent?: string; userAgentData?: { mobile?: boolean } }
  matchMedia?: (query: string) => { matches: boolean }
}

/**
 * docs/behaviour.md#validation needs to tell a phone from a desktop (the generic Browser Wallet
 * stays listed on phones, whose in-app browsers inject late): the browser's own mobile hint, a
 * phone or tablet user agent, or a coarse pointer as the only one. False outside a browser.
 */
export function detectMobile(env: Env | undefined = globalThis as Env): boolean {
  const nav = env?.navigator
  if (!nav) return false
  if (nav.userAgentData?.mobile) return true
  if (/Android|iPhone|iPad|iPod|Mobi/i.test(nav.userAgent ?? '')) return true
  return Boolean(env.matchMedia?.('(pointer:coarse)').matches)
}
