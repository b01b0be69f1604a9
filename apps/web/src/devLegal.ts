import type { LatchConfig } from '@latch/react'

/**
 * Development builds only (latch.ts folds the call away in a production build): the web app has
 * no terms or privacy policy of its own, so a page opened with `?legalTerms=<url>` and/or
 * `?legalPrivacy=<url>` turns `features.legalCheckbox` on with those links, for
 * e2e/tests/legal-checkbox.spec.ts. createLatch checks the links as it does any app's.
 */
export function devLegalOptions(
  search: string,
): Pick<LatchConfig, 'features' | 'termsConditionsUrl' | 'privacyPolicyUrl'> | undefined {
  const query = new URLSearchParams(search)
  const terms = query.get('legalTerms') ?? undefined
  const privacy = query.get('legalPrivacy') ?? undefined
  if (!terms && !privacy) return undefined
  return {
    features: { legalCheckbox: true },
    termsConditionsUrl: terms,
    privacyPolicyUrl: privacy,
  }
}
