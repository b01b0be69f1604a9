import { isHttpLink } from '@latch/core'
import { type ReactNode, useId, useState } from 'react'
import { useStore } from 'zustand'
import { useLatch } from '../context.js'
import type { Messages, OccasionalMessages } from '../messages.js'
import { ensureStyles } from '../theme/useTheme.js'

const english: OccasionalMessages['legal'] = {
  agree: 'I agree to the',
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
  and: 'and the',
}

export const legalMessages = (messages: Messages) => ({ ...english, ...messages.legal })

// Loaded only by apps that turn the checkbox on, so its rules stay out of the modal's stylesheet.
// The links are the text colour, underlined: an app's accent is not readable on every background
// (the default blue is 3.1:1 on the dark theme's, under axe's 4.5:1).
const styles = `
.latch-legal { display: flex; gap: 0.6em; align-items: flex-start; font-size: 0.95em; color: var(--latch-fg-2); }
.latch-legal input { margin: 0.2em 0 0; accent-color: var(--latch-accent); width: 1.1em; height: 1.1em; flex: none; }
.latch-legal a { color: var(--latch-fg); text-decoration: underline; }
.latch-legal-gate { border: 0; margin: 0; padding: 0; min-width: 0; display: grid; gap: 0.8em; }
.latch-legal-gate:disabled { opacity: 0.5; }
`

/**
 * docs/behaviour.md#flags (`legalCheckbox`): the terms and privacy links of the app's config,
 * and every way to connect held disabled in a `<fieldset disabled>` (wallet rows, All Wallets,
 * the email field, social buttons) until the box is ticked. The tick is remembered on this
 * device, so a returning visitor is not asked again; unticking asks again.
 */
export function LegalCheckbox({ children }: { children: ReactNode }) {
  const { stores, controller, messages } = useLatch('LegalCheckbox')
  const terms = useStore(stores.options, (s) => s.termsConditionsUrl)
  const privacy = useStore(stores.options, (s) => s.privacyPolicyUrl)
  const [accepted, setAccepted] = useState(
    () => controller.storage.get('legalCheckboxAccepted') === true,
  )
  const id = useId()
  ensureStyles('legal', styles)
  const t = legalMessages(messages)
  // createLatch refuses a link that is not http(s) in development; a production build skips that
  // check, so such a link is shown as plain text here and never becomes an `href`.
  const link = (href: string, text: string) =>
    isHttpLink(href) ? (
      <a href={href} target="_blank" rel="noreferrer noopener">
        {text}
      </a>
    ) : (
      text
    )

  return (
    <>
      <div className="latch-legal" data-testid="legal-checkbox">
        <input
          id={id}
          type="checkbox"
          checked={accepted}
          onChange={(event) => {
            const next = event.target.checked
            setAccepted(next)
            if (next) controller.storage.set('legalCheckboxAccepted', true)
            else controller.storage.remove('legalCheckboxAccepted')
          }}
        />
        <label htmlFor={id}>
          {`${t.agree} `}
          {terms ? link(terms, t.terms) : null}
          {terms && privacy ? ` ${t.and} ` : null}
          {privacy ? link(privacy, t.privacy) : null}
        </label>
      </div>
      <fieldset className="latch-legal-gate" disabled={!accepted} data-testid="legal-gate">
        {children}
      </fieldset>
    </>
  )
}
