import type { Messages } from '@latch/react'

/** The Sign a message panel's English: loaded with the panel, not with the page. */
export const signEn = {
  title: 'Sign a message',
  label: 'Message',
  defaultMessage: 'Hello from Latch',
  submit: 'Sign with your wallet',
  waiting: 'Confirm in your wallet…',
  signature: 'Signature',
  checking: 'Checking the signature…',
  valid: '✓ Verified: signed by this account',
  invalid: '✗ The signature does not match this account',
}

/** The panel's strings in the page's locale (the catalogue's `app.sign`), English until loaded. */
export const signMessages = (messages: Messages): typeof signEn =>
  (messages as { app?: { sign?: typeof signEn } }).app?.sign ?? signEn
