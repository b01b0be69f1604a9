import { createLatchStorage, createMemoryStorage, solanaLocalnet } from '@latch/core'
import { createSolanaAdapter } from '@latch/core/solana'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { connect, createConfig, getAccount, http } from '@wagmi/core'
import { foundry } from 'viem/chains'
import { afterEach, describe, expect, it } from 'vitest'
import { AUTH_CONNECTOR_ID, createAuthConnector } from '../auth.js'
import {
  ADDRESS,
  FRAME,
  frameServices,
  frames,
  SOLANA_ADDRESS,
  serveFrames,
  stopServingFrames,
} from '../frameDouble.testing.js'

const CLUSTER = solanaLocalnet.caipNetworkId as `solana:${string}`

function setup(options: { solana?: boolean } = {}) {
  const frame = frameServices()
  serveFrames(frame.services)
  const storage = createLatchStorage(createMemoryStorage())
  const auth = createAuthConnector({
    frameUrl: `${FRAME}/`,
    projectId: 'p1',
    serverUrl: 'http://localhost:8787',
    chainId: 31337,
    solanaChains: options.solana === false ? undefined : [CLUSTER],
    storage,
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
  const load = auth.loadSolanaWallet
  const adapter = createSolanaAdapter({
    networks: [solanaLocalnet],
    embeddedWallet: load && { connectorId: auth.connectorId, load },
    storage: createMemoryStorage(),
  })
  return { ...frame, auth, config, adapter }
}

afterEach(stopServingFrames)

describe('the embedded wallet on Solana', () => {
  it('is offered only when the app names Solana clusters, and loads no frame until used', async () => {
    const evmOnly = setup({ solana: false })
    expect(evmOnly.auth.namespaces).toEqual(['eip155'])
    expect(evmOnly.auth.loadSolanaWallet).toBeUndefined()

    const { auth, adapter } = setup()
    expect(auth.namespaces).toEqual(['eip155', 'solana'])
    expect(adapter.getConnectors()[0]).toMatchObject({
      id: AUTH_CONNECTOR_ID,
      type: 'AUTH',
      chain: 'solana',
    })
    expect(frames()).toBe(0)
  })

  it('connects the signed-in user on Solana and signs through the frame with the Solana key', async () => {
    const { auth, adapter, calls } = setup()
    await expect(adapter.connect({ connectorId: AUTH_CONNECTOR_ID })).rejects.toThrow(
      'Sign in with your email first',
    )
    await auth.signInWithEmail('ada@example.com')

    const result = await adapter.connect({ connectorId: AUTH_CONNECTOR_ID })
    expect(result).toEqual({
      connectorId: AUTH_CONNECTOR_ID,
      accounts: [{ address: SOLANA_ADDRESS }],
      chainId: solanaLocalnet.id,
    })
    expect(auth.getUser()?.address).toBe(SOLANA_ADDRESS)

    const signature = await adapter.signMessage!({ address: SOLANA_ADDRESS, message: 'gm' })
    expect(
      ed25519.verify(
        base58.decode(signature),
        new TextEncoder().encode('gm'),
        base58.decode(SOLANA_ADDRESS),
      ),
    ).toBe(true)
    expect(calls).toContain(`rpc:solana_signMessage:${CLUSTER}`)
    // Someone else's address is never handed to the frame.
    await expect(adapter.signMessage!({ address: ADDRESS, message: 'gm' })).rejects.toThrow()
  })

  it('a reload reconnects silently with a session, and finds nothing without one', async () => {
    const { auth, adapter, state } = setup()
    await auth.signInWithEmail('ada@example.com')
    await adapter.connect({ connectorId: AUTH_CONNECTOR_ID })
    expect((await adapter.reconnect())[0]?.accounts).toEqual([{ address: SOLANA_ADDRESS }])

    state.signedIn = false
    expect(await adapter.reconnect()).toEqual([])
  })

  async function signedInOnBoth() {
    const t = setup()
    await t.auth.signInWithEmail('ada@example.com')
    await connect(t.config, { connector: t.config.connectors[0]! })
    await t.adapter.connect({ connectorId: AUTH_CONNECTOR_ID })
    return t
  }

  it('one session: disconnecting on Solana signs out, and wagmi hears the EVM side go', async () => {
    const { adapter, config, calls } = await signedInOnBoth()
    expect(getAccount(config).status).toBe('connected')
    await adapter.disconnect()
    expect(calls).toContain('signOut')
    await expect.poll(() => getAccount(config).status).toBe('disconnected')
  })

  it('one session: disconnecting on EVM drops the Solana account, and the adapter says so', async () => {
    const { adapter, config } = await signedInOnBoth()
    const dropped: string[] = []
    adapter.on('disconnect', ({ connectorId }) => dropped.push(connectorId))
    await config.connectors[0]!.disconnect()
    expect(dropped).toEqual([AUTH_CONNECTOR_ID])
  })
})
