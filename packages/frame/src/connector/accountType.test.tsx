import { createLatchStorage, createMemoryStorage } from '@latch/core'
import { connect, createConfig, getAccount, http } from '@wagmi/core'
import { getAddress } from 'viem'
import { foundry } from 'viem/chains'
import { afterEach, describe, expect, it } from 'vitest'
import { FrameError } from '../app/handler.js'
import { createAuthConnector } from './auth.js'
import {
  ADDRESS,
  FRAME,
  frameServices,
  serveFrames,
  stopServingFrames,
} from './frameDouble.testing.js'

const SAFE = getAddress('0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc')

/** A frame whose user has a Safe and its EOA on the dev chain, the Safe active by default. */
function setup() {
  const frame = frameServices()
  let active: 'eoa' | 'smartAccount' = 'smartAccount'
  let enabled = true
  frame.services.GET_USER = async () => {
    const safe = { address: SAFE, type: 'smartAccount' as const }
    const eoa = { address: ADDRESS, type: 'eoa' as const }
    const accounts = !enabled ? [eoa] : active === 'eoa' ? [eoa, safe] : [safe, eoa]
    return {
      email: 'ada@example.com',
      address: accounts[0]!.address,
      chainId: 'eip155:31337',
      accounts,
      preferredAccountType: active,
      smartAccountDeployed: false,
    }
  }
  frame.services.SET_PREFERRED_ACCOUNT = async ({ type }) => {
    frame.calls.push(`preferred:${type}`)
    if (!enabled) throw new FrameError('Smart accounts are not enabled on this network')
    active = type
    return { type, address: type === 'eoa' ? ADDRESS : SAFE }
  }
  frame.services.CONNECT_EMAIL = async () => {
    frame.state.signedIn = true
    return undefined
  }
  frame.services.IS_CONNECTED = async () => ({ isConnected: true })
  const observer = serveFrames(frame.services)
  const auth = createAuthConnector({
    frameUrl: `${FRAME}/`,
    projectId: 'p1',
    serverUrl: 'http://localhost:8787',
    chainId: 31337,
    smartAccountNetworks: [31337],
    storage: createLatchStorage(createMemoryStorage()),
    timings: { readyDelayMs: 0 },
    warn: () => {},
  })
  const config = createConfig({
    chains: [foundry],
    connectors: [auth.connector],
    transports: { [foundry.id]: http('http://127.0.0.1:1') },
    multiInjectedProviderDiscovery: false,
    storage: null,
  })
  return { auth, config, calls: frame.calls, observer, disable: () => (enabled = false) }
}

afterEach(stopServingFrames)

describe("the AUTH connector's account type switch", () => {
  it('moves wagmi and the user to the chosen account, and back', async () => {
    const { auth, config, calls, observer } = setup()
    await auth.signInWithEmail('ada@example.com')
    await connect(config, { connector: config.connectors[0]! })
    expect(getAccount(config).address).toBe(SAFE)
    expect(auth.getUser()).toMatchObject({
      address: SAFE,
      accountType: 'smartAccount',
      accounts: [
        { address: SAFE, type: 'smartAccount' },
        { address: ADDRESS, type: 'eoa' },
      ],
    })

    await auth.setPreferredAccount!('eoa')
    expect(getAccount(config).address).toBe(ADDRESS)
    expect(auth.getUser()).toMatchObject({ address: ADDRESS, accountType: 'eoa' })

    await auth.setPreferredAccount!('smartAccount')
    expect(getAccount(config).address).toBe(SAFE)
    expect(calls.filter((c) => c.startsWith('preferred:'))).toEqual([
      'preferred:eoa',
      'preferred:smartAccount',
    ])
    observer.disconnect()
  })

  it("passes the frame's refusal on and keeps the account; one account means no switch", async () => {
    const { auth, config, observer, disable } = setup()
    await auth.signInWithEmail('ada@example.com')
    disable()
    await connect(config, { connector: config.connectors[0]! })
    // The EOA only: the user carries no second account to switch to.
    expect(auth.getUser()?.accounts).toBeUndefined()
    await expect(auth.setPreferredAccount!('smartAccount')).rejects.toThrow(
      'Smart accounts are not enabled on this network',
    )
    expect(getAccount(config).address).toBe(ADDRESS)
    observer.disconnect()
  })
})
