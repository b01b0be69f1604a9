import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ChainAdapter } from '../adapters/types.js'
import { errorMessages } from '../errors/messages.js'
import { type ErrorReport, setErrorReporter } from '../errors/reporter.js'
import { baseNetwork, ethereumNetwork, optimismNetwork } from '../networks/evm.js'
import { solanaDevnet, solanaMainnet } from '../networks/nonEvm.js'
import type { CaipNetwork } from '../networks/types.js'
import { createMemoryStorage } from '../storage/backend.js'
import { createLatchStorage, type LatchStorage } from '../storage/storage.js'
import { isActiveNetworkUnsupported } from '../stores/chain.js'
import { onEvent } from '../stores/events.js'
import { createStores, type LatchStores } from '../stores/index.js'
import type { OptionsState } from '../stores/options.js'
import { openModal, pushView } from '../stores/router.js'
import { createFakeAdapter, type FakeAdapter } from '../testing/fakeAdapter.js'
import { createController, DISCONNECT_TIMEOUT_MS, type LatchController } from './index.js'

const EVM_ADDRESS = '0x00000000000000000000000000000000000000aa'
const SOL_ADDRESS = 'So11111111111111111111111111111111111111112'

let stores: LatchStores
let storage: LatchStorage
let evm: FakeAdapter
let solana: FakeAdapter
let controller: LatchController
let reports: ErrorReport[]

function setup(options: Partial<OptionsState> = {}, adapters?: ChainAdapter[]) {
  stores = createStores({
    networks: [ethereumNetwork, optimismNetwork, baseNetwork, solanaMainnet, solanaDevnet],
    defaultNetwork: ethereumNetwork,
    ...options,
  })
  evm = createFakeAdapter({
    namespace: 'eip155',
    networks: [ethereumNetwork, optimismNetwork, baseNetwork],
    address: EVM_ADDRESS,
  })
  solana = createFakeAdapter({
    namespace: 'solana',
    networks: [solanaMainnet, solanaDevnet],
    address: SOL_ADDRESS,
    connectors: [{ id: 'phantom', name: 'Phantom', type: 'ANNOUNCED', chain: 'solana' }],
  })
  controller = createController({ stores, adapters: adapters ?? [evm, solana], storage })
}

beforeEach(() => {
  storage = createLatchStorage(createMemoryStorage())
  reports = []
  setErrorReporter((report) => reports.push(report))
  setup()
})
afterEach(() => {
  setErrorReporter(undefined)
  vi.useRealTimers()
})

const chain = () => stores.chain.getState()
const evmAccount = () => chain().chains.eip155!.accountState

describe('initialize', () => {
  it('registers each namespace and starts on the default network, disconnected', async () => {
    await controller.initialize()
    expect(Object.keys(chain().chains)).toEqual(['eip155', 'solana'])
    expect(chain().activeChain).toBe('eip155')
    expect(chain().activeCaipNetwork?.caipNetworkId).toBe('eip155:1')
    expect(evmAccount().status).toBe('disconnected')
    expect(stores.connectors.getState().connectors.map((c) => c.id)).toEqual(['fake', 'phantom'])
  })

  it('restores the stored active network', async () => {
    storage.set('activeCaipNetworkId', 'eip155:10')
    await controller.initialize()
    expect(chain().activeCaipNetwork?.caipNetworkId).toBe('eip155:10')
  })

  it('ignores a stored network the app does not list', async () => {
    storage.set('activeCaipNetworkId', 'eip155:999999')
    await controller.initialize()
    expect(chain().activeCaipNetwork?.caipNetworkId).toBe('eip155:1')
  })

  it('reconnects on load when enabled', async () => {
    evm.behaviour.reconnect = async () => [
      { connectorId: 'fake', accounts: [{ address: EVM_ADDRESS }], chainId: 10 },
    ]
    await controller.initialize()
    expect(evmAccount()).toMatchObject({ status: 'connected', address: EVM_ADDRESS })
    expect(chain().activeCaipAddress).toBe(`eip155:10:${EVM_ADDRESS}`)
  })

  it('does not try to reconnect when reconnect is disabled', async () => {
    setup({ enableReconnect: false })
    await controller.initialize()
    expect(evm.calls.some((c) => c.method === 'reconnect')).toBe(false)
    expect(evmAccount().status).toBe('disconnected')
    expect(chain().chains.solana!.accountState.status).toBe('disconnected')
  })

  it('rejects an adapter without a known namespace', () => {
    const bad = { ...createFakeAdapter({ namespace: 'eip155', networks: [] }), namespace: 'tron' }
    expect(() => setup({}, [bad as unknown as ChainAdapter])).toThrow(
      'Unsupported chain namespace: tron',
    )
  })
})

describe('switching network', () => {
  beforeEach(() => controller.initialize())

  it('changes the active namespace, resets the send form and sets the CAIP address', async () => {
    await controller.connect({ namespace: 'solana', connectorId: 'phantom' })
    await controller.switchActiveNetwork(ethereumNetwork)
    stores.send.setState({ receiverAddress: '0xdead', sendTokenAmount: 1 })

    await controller.switchActiveNetwork(solanaDevnet)

    expect(chain().activeChain).toBe('solana')
    expect(chain().activeCaipNetwork).toBe(solanaDevnet)
    expect(chain().activeCaipAddress).toBe(`solana:${solanaDevnet.id}:${SOL_ADDRESS}`)
    expect(stores.send.getState()).toMatchObject({
      receiverAddress: undefined,
      sendTokenAmount: undefined,
    })
    expect(storage.get('activeCaipNetworkId')).toBe(solanaDevnet.caipNetworkId)
  })

  it('asks the connected wallet to switch first', async () => {
    await controller.connect({ namespace: 'eip155', connectorId: 'fake' })
    await controller.switchActiveNetwork(baseNetwork)
    expect(evm.calls).toContainEqual({ method: 'switchNetwork', args: 'eip155:8453' })
    expect(chain().activeCaipAddress).toBe(`eip155:8453:${EVM_ADDRESS}`)
  })

  it('goes back in the modal and keeps the network when the wallet refuses', async () => {
    await controller.connect({ namespace: 'eip155', connectorId: 'fake' })
    openModal(stores.router, 'Account')
    pushView(stores.router, 'SwitchNetwork')
    evm.behaviour.switchNetwork = async () => {
      throw Object.assign(new Error('rejected'), { code: 4001 })
    }
    await expect(controller.switchActiveNetwork(baseNetwork)).rejects.toThrow('rejected')
    expect(stores.router.getState().view).toBe('Account')
    expect(chain().activeCaipNetwork?.caipNetworkId).toBe('eip155:1')
  })

  it('requires a namespace, reports and rethrows', async () => {
    const noNamespace = { ...ethereumNetwork, chainNamespace: undefined } as unknown as CaipNetwork
    await expect(controller.switchActiveNetwork(noNamespace)).rejects.toThrow(
      'ChainController:switchActiveNetwork - namespace is required',
    )
    expect(reports.map((r) => r.message)).toEqual([
      'ChainController:switchActiveNetwork - namespace is required',
    ])
    expect(reports[0]!.category).toBe('INTERNAL_SDK_ERROR')
  })

  it('shows the not-found alert for a network the app does not list', async () => {
    const { mainnet } = await import('viem/chains')
    const unlisted = { ...ethereumNetwork, ...mainnet, id: 5, caipNetworkId: 'eip155:5' as const }
    await controller.switchActiveNetwork(unlisted)
    expect(stores.alerts.getState()).toMatchObject({
      open: true,
      message: 'Network not found',
      variant: 'error',
    })
    expect(chain().activeCaipNetwork?.caipNetworkId).toBe('eip155:1')
  })
})

describe('networks and adapters', () => {
  beforeEach(() => controller.initialize())

  it('removing the active network switches to the first remaining one', async () => {
    await controller.switchActiveNetwork(optimismNetwork)
    await controller.removeNetwork('eip155', 'eip155:10')
    expect(chain().chains.eip155!.caipNetworks.map((n) => n.id)).toEqual([1, 8453])
    expect(chain().activeCaipNetwork?.caipNetworkId).toBe('eip155:1')
  })

  it('removing another network keeps the active one', async () => {
    await controller.removeNetwork('eip155', 'eip155:8453')
    expect(chain().activeCaipNetwork?.caipNetworkId).toBe('eip155:1')
  })

  it('adding or removing a network needs that namespace to have an adapter', async () => {
    controller.removeAdapter('solana')
    expect(() => controller.addNetwork('solana', solanaMainnet)).toThrow('Chain adapter not found')
    await expect(controller.removeNetwork('solana', solanaMainnet.caipNetworkId)).rejects.toThrow(
      'Chain adapter not found',
    )
  })

  it('removing the active adapter makes another chain active', () => {
    controller.removeAdapter('eip155')
    expect(chain().activeChain).toBe('solana')
    expect(chain().activeCaipNetwork?.caipNetworkId).toBe(solanaMainnet.caipNetworkId)
    expect(chain().chains.eip155).toBeUndefined()
    expect(stores.connectors.getState().connectors.map((c) => c.id)).toEqual(['phantom'])
  })

  it('removing the last adapter leaves no active chain', () => {
    controller.removeAdapter('eip155')
    controller.removeAdapter('solana')
    expect(chain()).toMatchObject({
      activeChain: undefined,
      activeCaipNetwork: undefined,
      noAdapters: true,
    })
  })
})

describe('wallet events', () => {
  beforeEach(async () => {
    await controller.initialize()
    await controller.connect({ namespace: 'eip155', connectorId: 'fake' })
  })

  it('a chain change to an unknown network marks it unsupported, named Unknown Network', () => {
    evm.emit('switchNetwork', { connectorId: 'fake', chainId: 424242 })
    expect(chain().activeCaipNetwork).toMatchObject({
      caipNetworkId: 'eip155:424242',
      name: 'Unknown Network',
    })
    expect(isActiveNetworkUnsupported(chain())).toBe(true)
    expect(stores.router.getState()).toMatchObject({ open: true, view: 'UnsupportedChain' })
    expect(chain().activeCaipAddress).toBe(`eip155:424242:${EVM_ADDRESS}`)
  })

  it('does not open UnsupportedChain when unsupported chains are allowed', async () => {
    setup({ allowUnsupportedChain: true })
    await controller.initialize()
    await controller.connect({ namespace: 'eip155', connectorId: 'fake' })
    evm.emit('switchNetwork', { connectorId: 'fake', chainId: 424242 })
    expect(isActiveNetworkUnsupported(chain())).toBe(true)
    expect(stores.router.getState().open).toBe(false)
  })

  it('a chain change updates the connection, whatever the case of its connector id', () => {
    evm.emit('switchNetwork', { connectorId: 'FAKE', chainId: 10 })
    expect(stores.connections.getState().connections.eip155).toEqual([
      { connectorId: 'fake', accounts: [{ address: EVM_ADDRESS }], caipNetwork: optimismNetwork },
    ])
  })

  it('a known chain change emits switchNetwork and stays supported', () => {
    const events: unknown[] = []
    onEvent(stores.events, 'switchNetwork', (e) => events.push(e.properties))
    evm.emit('switchNetwork', { connectorId: 'fake', chainId: 10 })
    expect(chain().activeCaipNetwork?.caipNetworkId).toBe('eip155:10')
    expect(isActiveNetworkUnsupported(chain())).toBe(false)
    expect(events).toEqual([
      { namespace: 'eip155', chainId: 10, caipNetworkId: 'eip155:10', supported: true },
    ])
  })

  it('an account change emits accountChanged and moves the CAIP address', () => {
    const events: unknown[] = []
    onEvent(stores.events, 'accountChanged', (e) => events.push(e.properties))
    const next = '0x00000000000000000000000000000000000000bb'
    evm.emit('accountChanged', {
      connectorId: 'fake',
      address: next,
      accounts: [{ address: next }],
    })
    expect(chain().activeCaipAddress).toBe(`eip155:1:${next}`)
    expect(stores.connections.getState().connections.eip155).toEqual([
      { connectorId: 'fake', accounts: [{ address: next }], caipNetwork: ethereumNetwork },
    ])
    expect(events).toEqual([{ namespace: 'eip155', address: next, connectorId: 'fake' }])
  })

  it('a chain change in a namespace that is not active moves only that namespace', async () => {
    await controller.connect({ namespace: 'solana', connectorId: 'phantom' })
    await controller.switchActiveNetwork(ethereumNetwork)
    solana.emit('switchNetwork', { connectorId: 'phantom', chainId: solanaDevnet.id })
    expect(chain().activeChain).toBe('eip155')
    expect(chain().chains.solana!.networkState.caipNetwork).toBe(solanaDevnet)
    expect(chain().chains.solana!.accountState.caipAddress).toBe(
      `solana:${solanaDevnet.id}:${SOL_ADDRESS}`,
    )
  })

  it('a disconnect from the wallet clears the account and emits disconnect', () => {
    const events: string[] = []
    onEvent(stores.events, 'disconnect', (e) => events.push(e.event))
    evm.emit('disconnect', { connectorId: 'FAKE' })
    expect(evmAccount().status).toBe('disconnected')
    expect(events).toEqual(['disconnect'])
  })
})

describe('connect', () => {
  beforeEach(() => controller.initialize())

  it('stores the connection, the recent wallet and the last chain', async () => {
    await controller.connect({ namespace: 'eip155', connectorId: 'fake' })
    expect(evmAccount()).toMatchObject({
      status: 'connected',
      address: EVM_ADDRESS,
      caipAddress: `eip155:1:${EVM_ADDRESS}`,
      connectedWalletInfo: { name: 'Fake Wallet' },
    })
    expect(stores.connectors.getState().activeConnectorIds).toEqual({ eip155: 'fake' })
    expect(storage.get('recentWallets')).toEqual([{ id: 'fake', name: 'Fake Wallet' }])
    expect(storage.get('lastUsedChainId')).toBe('eip155:1')
    expect(storage.get('connectionStatus')).toBe('connected')
  })

  it("a user rejection (4001) gives 'Connection rejected' and is not reported", async () => {
    evm.behaviour.connect = async () => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    }
    await expect(controller.connect({ namespace: 'eip155', connectorId: 'fake' })).rejects.toThrow(
      'Connection rejected',
    )
    expect(evmAccount().status).toBe('disconnected')
    expect(reports).toEqual([])
  })

  it("any other failure gives 'Failed to connect' and is reported", async () => {
    evm.behaviour.connect = async () => {
      throw new Error('boom')
    }
    await expect(controller.connect({ namespace: 'eip155', connectorId: 'fake' })).rejects.toThrow(
      errorMessages.failedToConnect,
    )
    expect(reports.map((r) => r.message)).toEqual(['Failed to connect'])
  })

  it('connecting to a namespace without an adapter fails with Chain adapter not found', async () => {
    await expect(controller.connect({ namespace: 'cosmos', connectorId: 'x' })).rejects.toThrow(
      'Chain adapter not found',
    )
  })

  it('fetches the native balance into the account', async () => {
    await controller.connect({ namespace: 'eip155', connectorId: 'fake' })
    await controller.fetchBalance()
    expect(evmAccount()).toMatchObject({ balance: '1.5', balanceSymbol: 'ETH' })
  })
})

describe('disconnect', () => {
  beforeEach(async () => {
    await controller.initialize()
    await controller.connect({ namespace: 'eip155', connectorId: 'fake' })
  })

  it('resolves after 3 s when the wallet never answers', async () => {
    vi.useFakeTimers()
    evm.behaviour.disconnect = () => new Promise(() => {})
    let resolved = false
    const done = controller.disconnect().then(() => {
      resolved = true
    })
    await vi.advanceTimersByTimeAsync(DISCONNECT_TIMEOUT_MS - 1)
    expect(resolved).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await done
    expect(resolved).toBe(true)
    expect(evmAccount().status).toBe('disconnected')
  })

  it('resets the account, removes the connection and closes the modal', async () => {
    openModal(stores.router, 'Account')
    await controller.disconnect({ namespace: 'eip155' })
    expect(evmAccount()).toMatchObject({
      status: 'disconnected',
      address: undefined,
      balance: undefined,
      smartAccountDeployed: false,
    })
    expect(chain().activeCaipAddress).toBeUndefined()
    expect(stores.connections.getState().connections.eip155).toEqual([])
    expect(stores.connectors.getState().activeConnectorIds).toEqual({})
    expect(stores.router.getState().open).toBe(false)
    expect(storage.get('connectionStatus')).toBe('disconnected')
  })

  it('keeps the modal open when told to', async () => {
    openModal(stores.router, 'Account')
    await controller.disconnect({ namespace: 'eip155', closeModal: false })
    expect(stores.router.getState().open).toBe(true)
  })

  it("emits 'disconnect' only when the last connection goes", async () => {
    await controller.connect({ namespace: 'solana', connectorId: 'phantom' })
    const events: string[] = []
    onEvent(stores.events, 'disconnect', (e) => events.push(e.event))
    await controller.disconnect({ namespace: 'eip155' })
    expect(events).toEqual([])
    await controller.disconnect({ namespace: 'solana' })
    expect(events).toEqual(['disconnect'])
  })
})

describe('account', () => {
  beforeEach(() => controller.initialize())

  it('requires a chain to set account data', () => {
    expect(() => controller.setChainAccountData(undefined, { balance: '1' })).toThrow(
      'Chain is required to update chain account data',
    )
    expect(() => controller.setAccountProp('balance', '1', undefined)).toThrow(
      'Chain is required to set account prop',
    )
    expect(reports.map((r) => r.message)).toEqual([
      'Chain is required to update chain account data',
      'Chain is required to set account prop',
    ])
  })

  it('resets to disconnected and clears address, balance, profile, tokens and social data', async () => {
    await controller.connect({ namespace: 'eip155', connectorId: 'fake' })
    controller.setChainAccountData('eip155', {
      balance: '3',
      profileName: 'alice.reown.id',
      profileImage: 'x',
      tokenBalance: [
        {
          name: 'T',
          symbol: 'T',
          chainId: 'eip155:1',
          price: 1,
          quantity: { decimals: '18', numeric: '1' },
          iconUrl: '',
        },
      ],
      socialProvider: 'google',
      smartAccountDeployed: true,
      preferredAccountType: 'smartAccount',
    })
    controller.resetAccount('eip155')
    expect(evmAccount()).toMatchObject({
      status: 'disconnected',
      address: undefined,
      caipAddress: undefined,
      balance: undefined,
      profileName: undefined,
      profileImage: undefined,
      tokenBalance: [],
      socialProvider: undefined,
      smartAccountDeployed: false,
      preferredAccountType: 'smartAccount',
    })
  })
})
