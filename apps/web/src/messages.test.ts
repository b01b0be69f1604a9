import { describe, expect, it } from 'vitest'
import { appMessages } from './messages'

const text = Object.values(appMessages.landing).join(' ')

describe('landing text', () => {
  it('names what works: EVM browser wallets, email sign-in, history by year and month, networks', () => {
    expect(text).toMatch(/EVM/)
    expect(text).toMatch(/email sign-in/)
    expect(text).toMatch(/grouped by year and month/)
    expect(text).toMatch(/Switch networks/)
  })

  it.each(['Solana', 'Bitcoin', 'Polkadot', 'Cosmos', 'WalletConnect', 'Farcaster', 'social'])(
    'does not promise %s, which does not work yet',
    (name) => {
      expect(text.toLowerCase()).not.toContain(name.toLowerCase())
    },
  )
})
