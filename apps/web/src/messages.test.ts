import {
  type AuthConnector,
  type ChainAdapter,
  defaultFeatures,
  type Features,
  type NamespaceTraits,
} from '@latch/core'
import type { LatchClient } from '@latch/react'
import { describe, expect, it } from 'vitest'
import { type LandingFacts, landingBody, landingFacts } from './landingText'
import { appMessages } from './messages'

const adapter = (namespace: string, label: string, names = false) =>
  ({
    traits: {
      namespace,
      label,
      features: { balance: true, send: true, names },
    } as unknown as NamespaceTraits,
  }) as unknown as ChainAdapter

const auth = {
  connectSocial: async () => {},
  connectFarcaster: async () => {},
} as unknown as AuthConnector

function facts(
  config: Partial<Pick<LatchClient['config'], 'adapters' | 'auth' | 'siwx'>>,
  features: Partial<Features> = {},
  walletConnect = false,
): LandingFacts {
  return landingFacts(
    { config: { projectId: 'p', serverUrl: 'http://s', ...config } } as Pick<LatchClient, 'config'>,
    { ...defaultFeatures, ...features },
    walletConnect,
  )
}

describe('landing text', () => {
  it("says what this page's Latch does, from the adapters and features it enables", () => {
    const text = landingBody(
      facts(
        {
          adapters: [adapter('eip155', 'Ethereum', true), adapter('solana', 'Solana')],
          auth,
          siwx: {} as never,
        },
        {},
        true,
      ),
    )
    expect(text).toBe(
      'Latch connects browser wallets on EVM and Solana networks, phone wallets through WalletConnect, or an embedded wallet you sign in to with email, a social account, or Farcaster. ' +
        'It lets you see the wallet’s transaction history grouped by year and month, send and receive, see names for addresses, and sign in to the app with the wallet (SIWX). ' +
        appMessages.landing.rest,
    )
  })

  it('promises no family, sign-in or feature the page lacks', () => {
    const text = landingBody(
      facts({ adapters: [adapter('eip155', 'Ethereum', true)] }, { send: false, socials: false }),
    )
    for (const absent of [
      'Solana',
      'Bitcoin',
      'WalletConnect',
      'Farcaster',
      'social',
      'email',
      'send',
      'SIWX',
    ])
      expect(text, absent).not.toContain(absent)
    expect(text).toMatch(/^Latch connects browser wallets on EVM networks\. It lets you see/)
    expect(text).toContain('receive')
  })

  it('names a family as soon as its adapter is enabled (Bitcoin, with its traits label)', () => {
    const text = landingBody(
      facts({ adapters: [adapter('eip155', 'Ethereum'), adapter('bip122', 'Bitcoin')] }),
    )
    expect(text).toContain('browser wallets on EVM and Bitcoin networks')
  })

  it('drops social and Farcaster when the features turn them off, and email alone stays', () => {
    const text = landingBody(facts({ adapters: [], auth }, { socials: [] }))
    expect(text).toContain('an embedded wallet you sign in to with email.')
  })
})
