import {
  type AuthConnector,
  type ChainAdapter,
  defaultFeatures,
  type Features,
  type NamespaceTraits,
} from '@latch/core'
import type { LatchClient } from '@latch/react'
import { describe, expect, it } from 'vitest'
import { landingBody } from './landingText'

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

function body(
  config: Partial<Pick<LatchClient['config'], 'adapters' | 'auth' | 'siwx'>>,
  features: Partial<Features> = {},
  walletConnect = false,
): string {
  return landingBody(config, { ...defaultFeatures, ...features }, walletConnect)
}

describe('landing text', () => {
  it("says what this page's Latch does, from the adapters and features it enables", () => {
    const text = body(
      {
        adapters: [adapter('eip155', 'Ethereum', true), adapter('solana', 'Solana')],
        auth,
        siwx: {} as never,
      },
      {},
      true,
    )
    expect(text).toBe(
      'Latch connects EVM and Solana browser wallets, phones via WalletConnect and an embedded wallet via email, social or Farcaster sign-in. ' +
        'It shows the wallet’s history by month and its names, sends and receives, and signs you in with it (SIWX). ' +
        'Switch networks from the header. Every cloud piece runs on your own server.',
    )
  })

  it('promises no family, sign-in or feature the page lacks', () => {
    const text = body({ adapters: [adapter('eip155', 'Ethereum', true)] })
    for (const absent of [
      'Solana',
      'Bitcoin',
      'WalletConnect',
      'Farcaster',
      'social',
      'email',
      'SIWX',
    ])
      expect(text, absent).not.toContain(absent)
    expect(text).toMatch(/^Latch connects EVM browser wallets\. It shows/)
    // The embedded wallet only where email sign-in is on.
    expect(body({ adapters: [], auth }, { email: false })).not.toContain('embedded')
  })

  it('names a family as soon as its adapter is enabled (Bitcoin, with its traits label)', () => {
    const text = body({ adapters: [adapter('eip155', 'Ethereum'), adapter('bip122', 'Bitcoin')] })
    expect(text).toContain('EVM and Bitcoin browser wallets')
  })

  it('drops social and Farcaster when the features turn them off, and email alone stays', () => {
    const text = body({ adapters: [], auth }, { socials: [] })
    expect(text).toContain(' and an embedded wallet via email sign-in.')
  })
})
