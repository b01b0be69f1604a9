import { describe, expect, it } from 'vitest'
import type { SessionClient } from '../walletConnect/sessions.js'
import { PolkadotWalletError, PolkadotWalletRejectedError } from './errors.js'
import { messageHex } from './sign.js'
import {
  createWalletConnectPolkadotExtension,
  injectedAccountsOf,
  messageParam,
  polkadotSessionAccounts,
} from './walletConnect.js'

const REF = 'e143f23803ac50e8f6f8e62695d1ce9e'
const ALICE = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'
const ALICE_POLKADOT = '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5'

/** A Sign API client whose wallet answers `reply` (or throws it) and records what it was asked. */
function client(accounts: string[], reply: (method: string) => unknown) {
  const asked: Array<{ chainId: string; method: string; params: unknown }> = []
  const fake: SessionClient = {
    session: {
      get: () => ({ namespaces: { polkadot: { accounts, methods: [], events: [] } } }),
    },
    async request<T>({
      chainId,
      request,
    }: {
      chainId: string
      request: { method: string; params: unknown }
    }) {
      asked.push({ chainId, ...request })
      return reply(request.method) as T
    },
    disconnect: async () => {},
    on: () => undefined,
    off: () => undefined,
  }
  return { fake, asked }
}

describe('the polkadot side of a WalletConnect session', () => {
  it("takes the session's SS58 accounts, kept for the chain each was approved on", () => {
    const accounts = polkadotSessionAccounts({
      polkadot: {
        accounts: [
          `polkadot:${REF}:${ALICE}`,
          `polkadot:${REF}:not-an-address`,
          `eip155:1:${ALICE}`,
        ],
        methods: [],
        events: [],
      },
    })
    expect(accounts.map((a) => a.address)).toEqual([ALICE])
    expect(injectedAccountsOf(accounts)).toEqual([
      { address: ALICE, genesisHash: `0x${REF}`, type: 'sr25519' },
    ])
  })

  it('sends a message as its text, and a hex-looking or non-UTF-8 one as the hex of its bytes', () => {
    expect(messageParam(messageHex('Sign in to Latch'))).toBe('Sign in to Latch')
    expect(messageParam(messageHex('0xabcd'))).toBe(messageHex('0xabcd'))
    expect(messageParam('0xfffe')).toBe('0xfffe')
  })

  it('asks for a transfer on the payload chain with the session spelling, and refuses what is no signature', async () => {
    const signature = `0x01${'ab'.repeat(64)}`
    const { fake, asked } = client([`polkadot:${REF}:${ALICE}`], () => ({ signature }))
    const injected = await createWalletConnectPolkadotExtension({
      client: fake,
      topic: 't',
    }).entry.enable('x')
    const payload = { address: ALICE_POLKADOT, genesisHash: `0x${REF}${'00'.repeat(16)}` }
    await expect(injected.signer.signPayload?.(payload)).resolves.toMatchObject({ signature })
    expect(asked[0]).toEqual({
      chainId: `polkadot:${REF}`,
      method: 'polkadot_signTransaction',
      params: { address: ALICE, transactionPayload: payload },
    })
    // Another chain's payload: the session approved none of its accounts there.
    await expect(
      injected.signer.signPayload?.({ ...payload, genesisHash: `0x${'11'.repeat(32)}` }),
    ).rejects.toBeInstanceOf(PolkadotWalletError)
    // Raw payload bytes could be a transaction: never sent to the phone as a message.
    await expect(
      injected.signer.signRaw?.({ address: ALICE, data: '0x00', type: 'payload' }),
    ).rejects.toBeInstanceOf(PolkadotWalletError)
    expect(asked).toHaveLength(1)

    const bad = client([`polkadot:${REF}:${ALICE}`], () => ({ signature: 'yes' }))
    const badInjected = await createWalletConnectPolkadotExtension({
      client: bad.fake,
      topic: 't',
    }).entry.enable('x')
    await expect(
      badInjected.signer.signRaw?.({ address: ALICE, data: messageHex('hi'), type: 'bytes' }),
    ).rejects.toThrow('no signature')
  })

  it('files the wallet refusing as a rejection', async () => {
    const { fake } = client([`polkadot:${REF}:${ALICE}`], () => {
      throw { code: 5000, message: 'User rejected.' }
    })
    const injected = await createWalletConnectPolkadotExtension({
      client: fake,
      topic: 't',
    }).entry.enable('x')
    await expect(
      injected.signer.signRaw?.({ address: ALICE, data: messageHex('hi'), type: 'bytes' }),
    ).rejects.toBeInstanceOf(PolkadotWalletRejectedError)
  })
})
