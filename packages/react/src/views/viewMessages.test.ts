import { describe, expect, it } from 'vitest'
import { activityMessages } from '../activity/activityMessages.js'
import { en, type Messages } from '../messages.js'
import { allWalletsMessages } from './AllWallets.js'
import { multiChainMessages } from './ConnectingMultiChain.js'
import { walletConnectMessages } from './ConnectingWalletConnect.js'
import { frameMessages } from './FrameSignIn.js'
import { sendMessages } from './lazyMessages.js'
import { nameMessages } from './RegisterAccountName.js'
import { siwxMessages } from './SIWXSignMessage.js'
import { unsupportedMessages } from './UnsupportedChain.js'
import { updateEmailMessages } from './UpdateEmail.js'
import { receiveMessages } from './WalletReceive.js'

// These sections left `en` (which loads with the page) for their views' chunks: the views must still
// get every English string, and a locale's own strings must still win.
const sections = {
  send: sendMessages,
  siwx: siwxMessages,
  receive: receiveMessages,
  names: nameMessages,
  updateEmail: updateEmailMessages,
  activity: activityMessages,
  walletConnect: walletConnectMessages,
  allWallets: allWalletsMessages,
  multiChain: multiChainMessages,
  unsupported: unsupportedMessages,
  frame: frameMessages,
} as const

describe("lazy views' strings", () => {
  it('are not in the first-load catalogue', () => {
    for (const section of Object.keys(sections)) expect(en).not.toHaveProperty(section)
  })

  it('fall back to English, every string non-empty', () => {
    for (const [section, read] of Object.entries(sections)) {
      // Nested groups (activity's status) are checked string by string too.
      const strings = Object.entries(read(en as Messages)).flatMap(([key, value]) =>
        typeof value === 'string'
          ? [[key, value] as const]
          : Object.entries(value).map(([inner, text]) => [`${key}.${inner}`, text] as const),
      )
      expect(strings.length, section).toBeGreaterThan(1)
      for (const [key, text] of strings) expect(text, `${section}.${key}`).toMatch(/\S/)
    }
    expect(sendMessages(en).feeRate).toBe('Fee rate')
    expect(sendMessages(en).sendLabel).toBe('Send')
  })

  it("take a locale's own strings over the English, key by key", () => {
    const locale: Messages = {
      ...en,
      send: { sendLabel: 'Senden' },
      siwx: { signIn: 'Anmelden' },
      receive: { copy: 'Adresse kopieren' },
      names: { register: 'Registrieren' },
      updateEmail: { label: 'Neue E-Mail' },
      activity: { retry: 'Nochmal' },
      walletConnect: { copyLink: 'Link kopieren' },
      unsupported: { disconnect: 'Trennen' },
      frame: { cancel: 'Abbrechen' },
    }
    expect(sendMessages(locale).sendLabel).toBe('Senden')
    expect(sendMessages(locale).amount).toBe('Amount')
    expect(siwxMessages(locale).signIn).toBe('Anmelden')
    expect(siwxMessages(locale).cancel).toBe('Cancel')
    expect(receiveMessages(locale).copy).toBe('Adresse kopieren')
    expect(nameMessages(locale).register).toBe('Registrieren')
    expect(updateEmailMessages(locale).label).toBe('Neue E-Mail')
    expect(updateEmailMessages(locale).same).toMatch(/already your email/)
    expect(activityMessages(locale).retry).toBe('Nochmal')
    expect(activityMessages(locale).status.failed).toBe('Failed')
    expect(walletConnectMessages(locale).copyLink).toBe('Link kopieren')
    expect(walletConnectMessages(locale).copied).toBe('Link copied')
    expect(unsupportedMessages(locale).disconnect).toBe('Trennen')
    expect(frameMessages(locale).cancel).toBe('Abbrechen')
    expect(frameMessages(locale).title).toBe('Continue in the wallet window')
    expect(allWalletsMessages(locale).retry).toBe('Try again')
    expect(multiChainMessages(locale).connectOn.solana).toBe('Connect on Solana')
  })
})
