import type { Features } from '@latch/core'
import type { LatchClient } from '@latch/react'
import { type AppMessages, appMessages } from './messages'

// One formatter per locale: building an Intl.ListFormat costs more than the rest of the landing's
// render, and the landing renders again whenever the modal opens or closes.
const listFormats: Record<string, Intl.ListFormat> = {}

/**
 * The landing's paragraph, filled in from what this page's Latch enables: the chain families of
 * its adapters (so Bitcoin shows up with its adapter and nothing is promised before), WalletConnect
 * when configured, the embedded wallet's sign-ins as the features allow, and SIWX when on; in the
 * page's locale (its strings `t`, the list of families joined by Intl). Kept small: it ships in
 * the page's first chunk.
 */
export function landingBody(
  config: Pick<LatchClient['config'], 'adapters' | 'auth' | 'siwx'>,
  features: Pick<Features, 'email' | 'socials'>,
  walletConnect: boolean,
  t: AppMessages['landing'] = appMessages.landing,
  locale = 'en',
): string {
  const families = (config.adapters ?? []).map(
    ({ traits }) => t.families[traits.namespace] ?? traits.label,
  )
  const embedded = config.auth && features.email
  listFormats[locale] ??= new Intl.ListFormat(locale)
  return t.body
    .replace('{families}', listFormats[locale].format(new Set(families)))
    .replace('{walletConnect}', walletConnect ? t.walletConnect : '')
    .replace(
      '{embedded}',
      embedded ? ((features.socials || []).length ? t.embeddedSocial : t.embedded) : '',
    )
    .replace('{siwx}', config.siwx ? t.siwx : '')
}
